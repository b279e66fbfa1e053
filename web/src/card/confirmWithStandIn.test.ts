import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { startTestStripe, type TestStripe } from "@pixlings/test-kit/localStripe";
import { confirmWithStandIn, type StandInPayment } from "./confirmWithStandIn.ts";
import { paymentIntentIdOf } from "./checkoutLink.ts";
import { checkCardFields } from "./testCardForm.ts";

// The real local Stripe stand-in (in this process, on a free port), reached over HTTP as the page reaches it.
describe("confirming a payment at the local Stripe stand-in", () => {
  let local: TestStripe;
  before(async () => {
    local = await startTestStripe();
  });
  after(() => local.close());

  const newPayment = async (publishableKey = local.publishableKey): Promise<StandInPayment> => {
    const intent = await local.stripe.paymentIntents.create({ amount: 3500, currency: "usd" });
    const clientSecret = intent.client_secret ?? "";
    return { standInUrl: `${local.server.url}/`, publishableKey, clientSecret, paymentIntentId: paymentIntentIdOf(clientSecret) ?? "" };
  };
  const card = (number: string) => {
    const check = checkCardFields({ number, expiry: "12 / 40", cvc: "123" });
    assert.ok(check.ok);
    return check.card;
  };

  it("pays with 4242 4242 4242 4242; the same payment cannot be confirmed twice", async () => {
    const payment = await newPayment();
    assert.deepEqual(await confirmWithStandIn(payment, card("4242 4242 4242 4242")), { kind: "confirmed" });
    const intent = await local.stripe.paymentIntents.retrieve(payment.paymentIntentId);
    assert.equal(intent.status, "succeeded");
    assert.equal(intent.amount_received, 3500);
    assert.deepEqual(await confirmWithStandIn(payment, card("4242 4242 4242 4242")), { kind: "settled" });
  });

  it("shows the bank's decline of 4000 0000 0000 0002 and of 4000 0000 0000 9995", async () => {
    assert.deepEqual(await confirmWithStandIn(await newPayment(), card("4000 0000 0000 0002")), { kind: "declined", message: "Your card was declined." });
    const payment = await newPayment();
    assert.deepEqual(await confirmWithStandIn(payment, card("4000 0000 0000 9995")), { kind: "declined", message: "Your card has insufficient funds." });
    assert.equal((await local.stripe.paymentIntents.retrieve(payment.paymentIntentId)).status, "requires_payment_method");
  });

  it("card data the provider refuses leaves the payment open: fixed, it goes through", async () => {
    const payment = await newPayment();
    const unknown = await confirmWithStandIn(payment, { ...card("4242 4242 4242 4242"), number: "4242424242424241" });
    assert.equal(unknown.kind, "invalid");
    assert.equal((await local.stripe.paymentIntents.retrieve(payment.paymentIntentId)).status, "requires_payment_method");
    assert.deepEqual(await confirmWithStandIn(payment, card("4242424242424242")), { kind: "confirmed" });
  });

  it("a wrong key or client secret is an error with the provider's message, and nothing is charged", async () => {
    const payment = await newPayment("pk_test_not_this_one");
    const wrongKey = await confirmWithStandIn(payment, card("4242424242424242"));
    assert.equal(wrongKey.kind, "error");
    assert.match(wrongKey.kind === "error" ? wrongKey.message : "", /Invalid API Key/);
    const forged = await confirmWithStandIn({ ...(await newPayment()), clientSecret: "pi_x_secret_y" }, card("4242424242424242"));
    assert.equal(forged.kind, "error");
    assert.equal((await local.stripe.paymentIntents.retrieve(payment.paymentIntentId)).status, "requires_payment_method");
  });

  it("throws when the stand-in cannot be reached", async () => {
    const payment = { ...(await newPayment()), standInUrl: "http://127.0.0.1:9" };
    await assert.rejects(confirmWithStandIn(payment, card("4242424242424242")), TypeError);
  });
});
