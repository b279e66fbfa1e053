import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { checkoutPath, paymentIntentIdOf, readCheckoutParams } from "./checkoutLink.ts";

const SECRET = "pi_3MtwBwLkdIwHu7ix28a3tqPa_secret_YrKJUKribcBjcG8HVhfZluoGH";
const ORDER = "3f1c2b7e-9d4a-4c1e-8b2f-0a6d5e4c3b21";

describe("the checkout link", () => {
  it("takes the PaymentIntent id from the client secret", () => {
    assert.equal(paymentIntentIdOf(SECRET), "pi_3MtwBwLkdIwHu7ix28a3tqPa");
    for (const bad of ["", "pi_abc", "pi__secret_x", "seti_abc_secret_def", "pi_abc_secret_", "pi_a/b_secret_c", `${SECRET}&x=1`, " pi_a_secret_b"]) {
      assert.equal(paymentIntentIdOf(bad), undefined, bad);
    }
  });

  it("carries only the order's id, never a client secret", () => {
    assert.equal(checkoutPath(ORDER), `/checkout?order=${ORDER}`);
    assert.deepEqual(readCheckoutParams(new URL(checkoutPath(ORDER), "http://x").searchParams), { orderId: ORDER, paymentSent: false, extra: false });
  });

  it("knows a return from the bank's page that sent the payment, and that its client secret must leave the address bar", () => {
    const read = (status: string) => readCheckoutParams(new URLSearchParams(`order=${ORDER}&payment_intent_client_secret=${SECRET}&redirect_status=${status}`));
    assert.deepEqual(read("succeeded"), { orderId: ORDER, paymentSent: true, extra: true });
    assert.equal(read("processing")?.paymentSent, true);
    assert.equal(read("failed")?.paymentSent, false);
  });

  it("names no order when it is missing or malformed (an old link with a client secret included)", () => {
    const read = (query: string) => readCheckoutParams(new URLSearchParams(query));
    assert.equal(read(""), undefined);
    assert.equal(read(`clientSecret=${SECRET}&tokenId=5`), undefined);
    assert.equal(read("order=12"), undefined);
    assert.equal(read(`order=${ORDER}x`), undefined);
  });
});
