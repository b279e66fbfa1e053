import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { ApiError } from "../api/apiClient.ts";
import { cardCheckoutFailure } from "./cardCheckoutFailure.ts";

const answer = (status: number, body: object | string) => new ApiError(status, "", typeof body === "string" ? body : JSON.stringify(body));

describe("a card checkout that could not start", () => {
  it("asks a signed-out buyer to sign in", () => {
    assert.deepEqual(cardCheckoutFailure(answer(401, { message: "Sign in first" }), "mint"), { kind: "signIn" });
    assert.deepEqual(cardCheckoutFailure(answer(401, ""), "cart"), { kind: "signIn" });
  });

  it("offers the current total when the prices changed", () => {
    const stale = answer(409, { message: "The total is now $70.00", code: "stale_total", totalAmount: 7000 });
    assert.deepEqual(cardCheckoutFailure(stale, "cart"), { kind: "staleTotal", totalAmount: 7000 });
    assert.deepEqual(cardCheckoutFailure(stale, "mint"), { kind: "staleTotal", totalAmount: 7000 });
  });

  it("treats minted Pix in the cart as the spec's ownership conflict", () => {
    const minted = answer(409, { message: "Pix #4 is already minted", code: "minted", tokenIds: [4], chainId: 31337 });
    assert.deepEqual(cardCheckoutFailure(minted, "cart"), {
      kind: "ownershipConflict",
      tokenIds: [4],
      toast: { title: "Ownership Conflict", description: "Pix #4 is already owned, so it is no longer in your cart.", variant: "destructive" },
    });
    // The toast names the Pix the cart drops; the spec's words only when the server named none.
    const two = answer(409, { message: "Pix #4 and Pix #9 are already minted", code: "minted", tokenIds: [4, 9], chainId: 31337 });
    const named = cardCheckoutFailure(two, "cart");
    assert.equal(named.kind === "ownershipConflict" ? named.toast.description : "", "Pix #4 and Pix #9 are already owned, so they are no longer in your cart.");
    const owned = cardCheckoutFailure(answer(409, { message: "Pix #4 was already purchased" }), "cart");
    assert.equal(owned.kind, "ownershipConflict");
    assert.equal(owned.kind === "ownershipConflict" ? owned.toast.description : "", "Some NFTs in your cart are already owned. Your cart has been updated.");
    // On the mint page it is the Pix itself: the server's message.
    assert.deepEqual(cardCheckoutFailure(minted, "mint"), {
      kind: "toast",
      toast: { title: "Payment Failed", description: "Pix #4 is already minted", variant: "destructive" },
    });
  });

  it("words the sale's refusals and shows the server's own message otherwise", () => {
    const reserved = answer(409, { message: "reserved", code: "reserved", tokenIds: [9], reservedUntil: "2030-01-01T10:20:30.000Z" });
    const toast = cardCheckoutFailure(reserved, "cart");
    assert.equal(toast.kind, "toast");
    assert.match(toast.kind === "toast" ? (toast.toast.description ?? "") : "", /^Pix #9 is reserved by another buyer until 10:20:30 UTC/);
    assert.deepEqual(cardCheckoutFailure(answer(503, { message: "Card payments are not available on this site", code: "card_payments_off" }), "mint"), {
      kind: "toast",
      toast: { title: "Payment Failed", description: "Card payments are not available on this site", variant: "destructive" },
    });
    assert.equal(cardCheckoutFailure(answer(409, { message: "At most 10", code: "wallet_cap", limit: 10, minted: 8, reserved: 3 }), "cart").kind, "toast");
  });

  it("falls back to the spec's texts when there is no message", () => {
    assert.deepEqual(cardCheckoutFailure(new TypeError("Failed to fetch"), "mint"), {
      kind: "toast",
      toast: { title: "Payment Failed", description: "Failed to create payment intent", variant: "destructive" },
    });
    assert.deepEqual(cardCheckoutFailure(answer(500, "<html>boom</html>"), "cart"), {
      kind: "toast",
      toast: { title: "Error", description: "Failed to process batch mint. Please try again.", variant: "destructive" },
    });
  });
});
