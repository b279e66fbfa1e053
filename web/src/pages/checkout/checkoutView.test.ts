import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { CardConfig, CardOrderPayment } from "@pixlings/shared/http/checkout";
import { cardOrderView } from "@pixlings/test-kit/cardOrders";
import { checkoutView, type CheckoutInputs } from "./checkoutView.ts";

const loading = { isLoading: true, data: undefined, error: null };
const done = <T>(data: T) => ({ isLoading: false, data, error: null });
const failed = (message: string) => ({ isLoading: false, data: undefined, error: new Error(message) });

const CONFIG: CardConfig = {
  enabled: true,
  publishableKey: "pk_test_1",
  standInUrl: "http://127.0.0.1:12111",
  prices: { common: 3500, rare: 10500, artist: 45500 },
};
const ORDER = cardOrderView({ tokenIds: [1], amount: 3500 });
const PAYMENT: CardOrderPayment = { clientSecret: "pi_1_secret_2", heldUntil: "2030-01-01T00:05:00.000Z" };
const base: CheckoutInputs = { user: done({ email: "a@b" }), config: done(CONFIG), order: done(ORDER), payment: done(PAYMENT), sent: undefined };
const view = (over: Partial<CheckoutInputs>) => checkoutView({ ...base, ...over });

describe("the /checkout screen", () => {
  it("shows the card form for an order waiting for its payment", () => {
    assert.deepEqual(view({}), { kind: "pay", order: ORDER, config: CONFIG, payment: PAYMENT });
  });

  it("waits for the order's client secret, and shows the order as it stands when the server no longer takes a payment for it", () => {
    assert.deepEqual(view({ payment: loading }), { kind: "loading" });
    assert.deepEqual(view({ payment: failed("This order no longer waits for a payment") }), { kind: "order", order: ORDER, error: null });
  });

  it("asks a signed-out buyer to sign in, and waits only while something is on its way", () => {
    assert.deepEqual(view({ user: done(null) }), { kind: "signIn" });
    assert.deepEqual(view({ user: loading }), { kind: "loading" });
    assert.deepEqual(view({ order: loading }), { kind: "loading" });
    assert.deepEqual(view({ config: loading }), { kind: "loading" });
  });

  it("fails with Retry instead of spinning when a request failed", () => {
    const user = failed("user");
    assert.deepEqual(view({ user }), { kind: "failed", error: user.error });
    const order = failed("404: no such order");
    assert.deepEqual(view({ order }), { kind: "failed", error: order.error });
    const config = failed("config");
    assert.deepEqual(view({ config }), { kind: "failed", error: config.error });
    const off = view({ config: done({ ...CONFIG, enabled: false }) });
    assert.equal(off.kind, "failed");
    assert.match(off.kind === "failed" ? off.error.message : "", /not available/);
  });

  it("shows the order itself once paid for, sent from this page, or past waiting (a reload shows the truth)", () => {
    for (const state of ["paid", "minting", "minted", "refunded", "failed", "expired"] as const) {
      const order = { ...ORDER, state };
      // Its configuration is not needed, even if it failed.
      assert.deepEqual(view({ order: done(order), config: failed("config") }), { kind: "order", order, error: null });
    }
    assert.deepEqual(view({ sent: { kind: "confirmed" } }), { kind: "order", order: ORDER, error: null });
    // A refresh that failed keeps the last answer, with the error beside it.
    const error = new Error("Failed to fetch");
    const paid = { ...ORDER, state: "paid" as const };
    assert.deepEqual(view({ order: { isLoading: false, data: paid, error } }), { kind: "order", order: paid, error });
  });
});
