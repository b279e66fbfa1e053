import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { checkoutPath, paymentIntentIdOf, readCheckoutParams } from "./checkoutLink.ts";

const SECRET = "pi_3MtwBwLkdIwHu7ix28a3tqPa_secret_YrKJUKribcBjcG8HVhfZluoGH";

describe("the checkout link", () => {
  it("takes the PaymentIntent id from the client secret", () => {
    assert.equal(paymentIntentIdOf(SECRET), "pi_3MtwBwLkdIwHu7ix28a3tqPa");
    for (const bad of ["", "pi_abc", "pi__secret_x", "seti_abc_secret_def", "pi_abc_secret_", "pi_a/b_secret_c", `${SECRET}&x=1`, " pi_a_secret_b"]) {
      assert.equal(paymentIntentIdOf(bad), undefined, bad);
    }
  });

  it("builds the spec's two URLs", () => {
    assert.equal(checkoutPath(SECRET, [12], false), `/checkout?clientSecret=${SECRET}&tokenId=12`);
    assert.equal(checkoutPath(SECRET, [3, 1, 2], true), `/checkout?batch=true&clientSecret=${SECRET}&tokenIds=3,1,2`);
  });

  it("reads back what it built", () => {
    const read = (path: string) => readCheckoutParams(new URL(path, "http://x").searchParams);
    assert.deepEqual(read(checkoutPath(SECRET, [12], false)), {
      clientSecret: SECRET,
      paymentIntentId: "pi_3MtwBwLkdIwHu7ix28a3tqPa",
      tokenIds: [12],
      batch: false,
      paymentSent: false,
    });
    assert.deepEqual(read(checkoutPath(SECRET, [3, 1, 2], true))?.tokenIds, [3, 1, 2]);
    assert.equal(read(checkoutPath(SECRET, [3, 1, 2], true))?.batch, true);
  });

  it("knows a return from the bank's page that sent the payment", () => {
    const read = (status: string) => readCheckoutParams(new URLSearchParams(`clientSecret=${SECRET}&tokenId=1&redirect_status=${status}`))?.paymentSent;
    assert.equal(read("succeeded"), true);
    assert.equal(read("processing"), true);
    assert.equal(read("failed"), false);
  });

  it("has no client secret to work with when it is missing or malformed; odd ids are dropped", () => {
    const read = (query: string) => readCheckoutParams(new URLSearchParams(query));
    assert.equal(read(""), undefined);
    assert.equal(read("tokenId=5"), undefined);
    assert.equal(read("clientSecret=hello&tokenId=5"), undefined);
    assert.deepEqual(read(`clientSecret=${SECRET}&tokenId=abc`)?.tokenIds, []);
    assert.deepEqual(read(`clientSecret=${SECRET}&batch=true&tokenIds=1,1,0,10000,x,7`)?.tokenIds, [1, 7]);
  });
});
