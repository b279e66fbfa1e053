import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { type FreezeFacts, freezeOf, isReleasable } from "./freezeOf.ts";

/** A minted order of $70.00 nobody did anything to; `over` adds what a test needs. */
const facts = (over: Partial<FreezeFacts> = {}): FreezeFacts => ({
  state: "minted",
  amountCents: 7000,
  refundedCents: 0,
  stripeRefundedCents: 0,
  refundedInFull: false,
  disputeStatus: null,
  disputeReason: null,
  fraudWarningId: null,
  fraudType: null,
  releasedFraudWarningId: null,
  releasedRefundCents: 0,
  ...over,
});
const causeOf = (over: Partial<FreezeFacts>) => {
  const freeze = freezeOf(facts(over));
  return freeze && [freeze.cause, freeze.forGood];
};

describe("whether a card order is frozen", () => {
  it("is not, when nothing happened to its payment, or the shop's own refunds explain every refunded cent", () => {
    assert.equal(freezeOf(facts()), null);
    assert.equal(freezeOf(facts({ refundedCents: 3500, stripeRefundedCents: 3500 })), null);
    // The shop decided a refund Stripe has not made yet.
    assert.equal(freezeOf(facts({ refundedCents: 3500, stripeRefundedCents: 0 })), null);
  });

  it("is frozen while a dispute is open, and unfrozen once the shop wins it (or the inquiry closes)", () => {
    for (const status of ["needs_response", "under_review", "warning_needs_response", "warning_under_review"]) {
      assert.deepEqual(causeOf({ disputeStatus: status, disputeReason: "fraudulent" }), ["disputed", false], status);
    }
    assert.match(freezeOf(facts({ disputeStatus: "needs_response", disputeReason: "product_not_received" }))!.reason, /disputed \(product not received\)/);
    for (const status of ["won", "warning_closed"]) assert.equal(freezeOf(facts({ disputeStatus: status })), null, status);
  });

  it("is frozen for good by a lost dispute, or the whole payment refunded outside the shop", () => {
    assert.deepEqual(causeOf({ disputeStatus: "lost" }), ["dispute_lost", true]);
    assert.deepEqual(causeOf({ stripeRefundedCents: 7000, refundedInFull: true }), ["refunded", true]);
    // The shop gave back one Pix itself, the dashboard the rest: all the money is back.
    assert.deepEqual(causeOf({ refundedCents: 3500, stripeRefundedCents: 7000, refundedInFull: true }), ["refunded", true]);
    // A lost dispute outweighs everything else.
    assert.deepEqual(causeOf({ disputeStatus: "lost", fraudType: "misc", stripeRefundedCents: 100 }), ["dispute_lost", true]);
  });

  it("is frozen by part of the payment refunded outside the shop, counting only what the shop did not refund itself", () => {
    assert.deepEqual(causeOf({ stripeRefundedCents: 1000 }), ["partly_refunded", false]);
    assert.match(freezeOf(facts({ refundedCents: 3500, stripeRefundedCents: 4500 }))!.reason, /^\$10\.00 of the payment was refunded outside the shop/);
  });

  it("is frozen by an early fraud warning, unless a dispute over it went the shop's way", () => {
    assert.deepEqual(causeOf({ fraudType: "made_with_stolen_card" }), ["fraud_warning", false]);
    assert.equal(freezeOf(facts({ fraudType: "made_with_stolen_card", disputeStatus: "won" })), null);
    assert.deepEqual(causeOf({ fraudType: "made_with_stolen_card", disputeStatus: "won", stripeRefundedCents: 500 }), ["partly_refunded", false]);
  });

  it("lifts what an admin released (that warning, that much refunded), never a newer warning, a larger refund or a dispute", () => {
    const warned = { fraudWarningId: "issfr_1", fraudType: "made_with_stolen_card" };
    assert.equal(freezeOf(facts({ ...warned, releasedFraudWarningId: "issfr_1" })), null);
    assert.deepEqual(causeOf({ ...warned, fraudWarningId: "issfr_2", releasedFraudWarningId: "issfr_1" }), ["fraud_warning", false]);
    assert.equal(freezeOf(facts({ stripeRefundedCents: 1000, releasedRefundCents: 1000 })), null);
    assert.deepEqual(causeOf({ stripeRefundedCents: 1500, releasedRefundCents: 1000 }), ["partly_refunded", false]);
    assert.deepEqual(causeOf({ ...warned, releasedFraudWarningId: "issfr_1", disputeStatus: "needs_response" }), ["disputed", false]);
    assert.deepEqual(causeOf({ stripeRefundedCents: 7000, refundedInFull: true, releasedRefundCents: 7000 }), ["refunded", true]);
  });

  it("may be released by an admin only when the shop reviews it itself: a fraud warning or a partial refund", () => {
    const releasable = (over: Partial<FreezeFacts>) => isReleasable(freezeOf(facts(over)) ?? assert.fail("not frozen"));
    assert.equal(releasable({ fraudWarningId: "issfr_1", fraudType: "misc" }), true);
    assert.equal(releasable({ stripeRefundedCents: 100 }), true);
    assert.equal(releasable({ disputeStatus: "needs_response" }), false);
    assert.equal(releasable({ disputeStatus: "lost" }), false);
    assert.equal(releasable({ stripeRefundedCents: 7000, refundedInFull: true }), false);
  });

  it("freezes only orders that hold their Pix: refunded, failed or expired ones have nothing in custody", () => {
    for (const state of ["refunded", "failed", "expired"] as const) assert.equal(freezeOf(facts({ state, disputeStatus: "lost" })), null, state);
    for (const state of ["created", "paid", "minting", "minted"] as const)
      assert.notEqual(freezeOf(facts({ state, disputeStatus: "needs_response" })), null, state);
  });
});
