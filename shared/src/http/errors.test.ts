import assert from "node:assert/strict";
import { test } from "node:test";
import { ERROR_STATUS, isErrorCode } from "./errors.ts";
import { DELETE_ACCOUNT_ERROR_CODES } from "./account.ts";
import { LINK_WALLET_ERROR_CODES } from "./auth.ts";
import { CHECKOUT_ERROR_CODES, RELEASE_FROZEN_ORDER_ERROR_CODES } from "./checkout.ts";
import { MINT_TO_WALLET_ERROR_CODES } from "./owners.ts";
import { AUTHORIZE_ERROR_CODES, SPECIFIC_ERROR_CODES } from "./sale.ts";
import { ADMIN_ARTIST_ERROR_CODES, APPROVE_ERROR_CODES, NFT_EDIT_ERROR_CODES } from "./admin.ts";
import { ARTIST_ROUTE_ERROR_CODES, SUBMIT_ERROR_CODES } from "./submissions.ts";

const ROUTE_CODES: Record<string, readonly string[]> = {
  "POST /api/mint/authorize": AUTHORIZE_ERROR_CODES,
  "POST /api/mint/specific": SPECIFIC_ERROR_CODES,
  "POST /api/link-wallet": LINK_WALLET_ERROR_CODES,
  "POST /api/cart/checkout, POST /api/create-payment-intent": CHECKOUT_ERROR_CODES,
  "POST /api/owner/pixlings/{id}/mint-to-wallet": MINT_TO_WALLET_ERROR_CODES,
  "POST /api/artists/submit, POST /api/artists/submissions/upload-image": SUBMIT_ERROR_CODES,
  "the artist routes, conversations": ARTIST_ROUTE_ERROR_CODES,
  "PATCH /api/admin/submissions/{id}/approve, POST .../retry": APPROVE_ERROR_CODES,
  "PATCH, POST /api/admin/nfts": NFT_EDIT_ERROR_CODES,
  "POST, PATCH, DELETE /api/admin/artists": ADMIN_ARTIST_ERROR_CODES,
  "DELETE /api/account": DELETE_ACCOUNT_ERROR_CODES,
  "POST /api/admin/frozen-orders/{id}/release": RELEASE_FROZEN_ORDER_ERROR_CODES,
};

test("every error code is answered by some route, and every route's code is one the contract names", () => {
  const answered = new Set(Object.values(ROUTE_CODES).flat());
  assert.deepEqual([...answered].sort(), Object.keys(ERROR_STATUS).sort());
  for (const [route, codes] of Object.entries(ROUTE_CODES)) {
    assert.equal(new Set(codes).size, codes.length, `${route} lists a code twice`);
  }
});

test("isErrorCode accepts only the contract's codes", () => {
  for (const code of Object.keys(ERROR_STATUS)) assert.ok(isErrorCode(code), code);
  for (const value of ["", "MINTED", "toString", "constructor", "__proto__", "hasOwnProperty", 409, null, undefined, ["minted"]]) {
    assert.ok(!isErrorCode(value), String(value));
  }
});
