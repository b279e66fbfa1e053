import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { CARD_ORDER_STATES } from "@pixlings/shared/http/checkout";
import { cardOrderView } from "@pixlings/test-kit/cardOrders";
import { isTerminal, orderStatus } from "./orderStatus.ts";

const order = cardOrderView;

describe("what an order's state tells the buyer", () => {
  it("has a visible title and message for every state, and stops only at the end", () => {
    for (const state of CARD_ORDER_STATES) {
      for (const source of ["card", "freemint"] as const) {
        const view = orderStatus(order({ state, source }), "Local Ethereum");
        assert.ok(view.title.length > 0 && view.message.length > 0, `${state} ${source}`);
        assert.equal(view.terminal, isTerminal(state));
      }
    }
    assert.deepEqual(
      CARD_ORDER_STATES.filter((state) => isTerminal(state)),
      ["minted", "refunded", "failed", "expired"],
    );
  });

  it("says what the card form got back until the server hears of it", () => {
    assert.equal(orderStatus(order({}), "Sepolia", { kind: "confirmed" }).title, "Confirming Payment...");
    // Once the server has moved on, its state is what counts.
    assert.equal(orderStatus(order({ state: "paid" }), "Sepolia", { kind: "confirmed" }).title, "Payment Received");
    assert.equal(orderStatus(order({ source: "freemint" }), "Sepolia", { kind: "confirmed" }).title, "Code Accepted");
  });

  it("follows a card order from payment to minted", () => {
    assert.equal(
      orderStatus(order({ state: "paid" }), "Local Ethereum").message,
      "Your payment of $70.00 went through. Minting Pix #4, Pix #9 on Local Ethereum starts now.",
    );
    assert.equal(orderStatus(order({ state: "minting" }), "Sepolia").title, "Minting...");
    // In a block at the head: not yet final, and not told as done.
    const confirming = orderStatus(order({ state: "minting", txHash: `0x${"ab".repeat(32)}`, chainId: 11155111 }), "Sepolia");
    assert.deepEqual([confirming.title, confirming.tone, confirming.terminal], ["Confirming on the Chain...", "progress", false]);
    assert.equal(
      confirming.message,
      "Pix #4, Pix #9 are minted on Sepolia, in a block the chain can still undo. They are yours for good once 65 blocks follow it; this page updates by itself.",
    );
    const minted = orderStatus(order({ state: "minted" }), "Sepolia");
    assert.equal(minted.title, "Purchase Complete!");
    assert.equal(minted.tone, "success");
    assert.match(minted.message, /^Pix #4, Pix #9 are minted on Sepolia and held for you: find them on My Pixlings under Credit Card/);
    assert.match(orderStatus(order({ state: "minted", tokenIds: [4] }), "Sepolia").message, /^Pix #4 is minted .* find it /);
    const redeemed = orderStatus(order({ state: "minted", source: "freemint", amount: 0 }), "Sepolia");
    assert.equal(redeemed.title, "Redeemed!");
    // Freemint Pix have a tab of their own on My Pixlings: the message sends the buyer there.
    assert.match(redeemed.message, /find them on My Pixlings under Freemint,/);
    assert.doesNotMatch(orderStatus(order({ state: "paid", source: "freemint", amount: 0 }), "Sepolia").message, /payment/);
  });

  it("says why and what was refunded", () => {
    const refunded = orderStatus(
      order({ state: "refunded", refundedTokenIds: [9], refundedAmount: 3500, reason: "Pix #9 was minted by someone else before your payment arrived." }),
      "Sepolia",
    );
    assert.equal(refunded.title, "Payment Refunded");
    assert.equal(refunded.message, "Pix #9 was minted by someone else before your payment arrived.");
    assert.equal(refunded.detail, "Refunded: Pix #9 ($35.00). Minted for you: Pix #4.");
    assert.equal(orderStatus(order({ state: "refunded", refundedAmount: 7000 }), "Sepolia").detail, "Refunded: Pix #4, Pix #9 ($70.00).");
  });

  it("a decline or an expiry frees the Pix again", () => {
    const failed = orderStatus(order({ state: "failed", reason: "Your card was declined." }), "Sepolia");
    assert.deepEqual(
      [failed.title, failed.message, failed.detail, failed.buyableAgain],
      ["Payment Failed", "Your card was declined.", "Nothing was charged. Pix #4, Pix #9 are available again.", true],
    );
    const expired = orderStatus(order({ state: "expired", tokenIds: [4] }), "Sepolia");
    assert.equal(expired.title, "Checkout Expired");
    assert.equal(expired.detail, "Nothing was charged. Pix #4 is available again.");
    assert.ok(expired.buyableAgain);
    assert.equal(orderStatus(order({ state: "paid" }), "Sepolia").buyableAgain, false);
  });
});
