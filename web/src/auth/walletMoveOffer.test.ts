import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { ApiError } from "../api/apiClient.ts";
import { accountName, walletMoveOffer } from "./walletMoveOffer.ts";

const WALLET = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const answer = (status: number, body: unknown) => new ApiError(status, "Status", typeof body === "string" ? body : JSON.stringify(body));

describe("wallet move offer", () => {
  it("is the 409 wallet_has_own_account answer, with its wallet", () => {
    const offer = walletMoveOffer(answer(409, { code: "wallet_has_own_account", walletAddress: WALLET, message: "has a Pixlings account of its own" }));
    assert.deepEqual(offer, { walletAddress: WALLET });
  });

  it("is nothing for a wallet linked to another account, other statuses, codes it does not know, or bodies that are not the API's", () => {
    assert.equal(walletMoveOffer(answer(409, { code: "wallet_linked_elsewhere", walletAddress: WALLET, message: "already linked" })), undefined);
    assert.equal(walletMoveOffer(answer(409, { message: "Wallet is being linked by another request right now: try again" })), undefined);
    assert.equal(walletMoveOffer(answer(403, { code: "wallet_has_own_account", walletAddress: WALLET, message: "x" })), undefined);
    assert.equal(walletMoveOffer(answer(409, { code: "wallet_has_its_own", walletAddress: WALLET, message: "x" })), undefined);
    assert.equal(walletMoveOffer(answer(409, "<html>Conflict</html>")), undefined);
    assert.equal(walletMoveOffer(new Error("wallet_has_own_account")), undefined);
  });

  it("names the account by its Google identity when it has one", () => {
    assert.equal(accountName({ hasGoogle: true }), "your Google account");
    assert.equal(accountName({ hasGoogle: false }), "your Pixlings account");
  });
});
