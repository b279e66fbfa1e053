import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { paymentVerdict } from "./paymentVerdict.ts";

const expected = { orderId: "order-1", cents: 7000, livemode: false };
/** A PaymentIntent paid exactly as the order says, as Stripe answers it; `over` changes what a test needs. */
const intent = (over: Partial<Parameters<typeof paymentVerdict>[0]> = {}) => ({
  status: "succeeded" as const,
  amount_received: 7000,
  currency: "usd",
  metadata: { orderId: "order-1" },
  livemode: false,
  ...over,
});

describe("the payment check before a custody mint", () => {
  it("passes a PaymentIntent that succeeded for exactly the order's cents in USD, naming the order, in the shop's mode", () => {
    assert.deepEqual(paymentVerdict(intent(), expected), { kind: "paid" });
    assert.deepEqual(paymentVerdict(intent({ livemode: true }), { ...expected, livemode: true }), { kind: "paid" });
  });

  it("finds no payment in an intent that was never confirmed, declined or cancelled: nothing was taken", () => {
    for (const status of ["requires_payment_method", "requires_confirmation", "requires_action", "requires_capture", "canceled"] as const) {
      const verdict = paymentVerdict(intent({ status, amount_received: 0 }), expected);
      assert.equal(verdict.kind, "unpaid", status);
      assert.match((verdict as { reason: string }).reason, new RegExp(`its status is ${status}`));
    }
  });

  it("waits for one still processing", () => {
    assert.equal(paymentVerdict(intent({ status: "processing", amount_received: 0 }), expected).kind, "wait");
  });

  it("gives back a payment of another amount or currency (money was taken)", () => {
    assert.deepEqual(paymentVerdict(intent({ amount_received: 6999 }), expected), {
      kind: "mismatch",
      reason: "The payment ($69.99) did not match the order ($70.00)",
    });
    assert.deepEqual(paymentVerdict(intent({ amount_received: 7001 }), expected).kind, "mismatch");
    assert.deepEqual(paymentVerdict(intent({ currency: "eur" }), expected), { kind: "mismatch", reason: "The payment was made in EUR, not USD" });
  });

  it("leaves alone a payment for another order, none, or of the other mode", () => {
    assert.equal(paymentVerdict(intent({ metadata: { orderId: "order-2" } }), expected).kind, "foreign");
    assert.equal(paymentVerdict(intent({ metadata: {} }), expected).kind, "foreign");
    assert.match((paymentVerdict(intent({ livemode: true }), expected) as { reason: string }).reason, /live-mode payment; this shop takes test-mode ones/);
    assert.equal(paymentVerdict(intent(), { ...expected, livemode: true }).kind, "foreign");
    // Another order's and unpaid: still not this order's, whatever its status.
    assert.equal(paymentVerdict(intent({ metadata: { orderId: "order-2" }, status: "requires_payment_method" }), expected).kind, "foreign");
  });
});
