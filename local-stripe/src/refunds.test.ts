import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type Stripe from "stripe";
import { startTestStripe, type TestStripe, stripeFailure } from "@pixlings/test-kit/localStripe";

describe("local Stripe: Refunds through the real SDK", () => {
  let local: TestStripe;
  let stripe: Stripe;
  before(async () => {
    local = await startTestStripe();
    stripe = local.stripe;
  });
  after(() => local.close());

  const paidIntent = async (amount = 2000): Promise<Stripe.PaymentIntent> => {
    const intent = await stripe.paymentIntents.create({ amount, currency: "usd" });
    return stripe.paymentIntents.confirm(intent.id, { payment_method: "pm_card_visa" });
  };

  it("refunds all of a paid PaymentIntent, then refuses a second refund", async () => {
    const intent = await paidIntent();
    const refund = await stripe.refunds.create({ payment_intent: intent.id, metadata: { order: "o-9" }, reason: "requested_by_customer" });
    assert.match(refund.id, /^re_\w+$/);
    assert.deepEqual(
      [refund.object, refund.amount, refund.currency, refund.status, refund.payment_intent, refund.charge, refund.reason],
      ["refund", 2000, "usd", "succeeded", intent.id, intent.latest_charge, "requested_by_customer"],
    );
    assert.deepEqual(refund.metadata, { order: "o-9" });
    assert.deepEqual(await stripe.refunds.retrieve(refund.id), refund);
    const charge = await stripe.charges.retrieve(String(intent.latest_charge));
    assert.deepEqual([charge.amount_refunded, charge.refunded], [2000, true]);
    const again = await stripeFailure(stripe.refunds.create({ payment_intent: intent.id }));
    assert.deepEqual([again.statusCode, again.code], [400, "charge_already_refunded"]);
  });

  it("refunds in parts up to what is left and refuses more (amount_too_large)", async () => {
    const intent = await paidIntent(2000);
    assert.equal((await stripe.refunds.create({ payment_intent: intent.id, amount: 500 })).amount, 500);
    const over = await stripeFailure(stripe.refunds.create({ payment_intent: intent.id, amount: 1501 }));
    assert.deepEqual([over.statusCode, over.code, over.param], [400, "amount_too_large", "amount"]);
    const rest = await stripe.refunds.create({ payment_intent: intent.id });
    assert.equal(rest.amount, 1500);
    const charge = await stripe.charges.retrieve(String(intent.latest_charge));
    assert.deepEqual([charge.amount_refunded, charge.refunded], [2000, true]);
  });

  it("refunds by charge id too", async () => {
    const intent = await paidIntent(700);
    const refund = await stripe.refunds.create({ charge: String(intent.latest_charge), amount: 200 });
    assert.deepEqual([refund.amount, refund.payment_intent], [200, intent.id]);
  });

  it("refuses to refund what was never paid, what does not exist, and bad amounts", async () => {
    const unpaid = await stripe.paymentIntents.create({ amount: 2000, currency: "usd" });
    const notPaid = await stripeFailure(stripe.refunds.create({ payment_intent: unpaid.id }));
    assert.deepEqual([notPaid.statusCode, notPaid.param], [400, "payment_intent"]);
    await stripeFailure(stripe.paymentIntents.confirm(unpaid.id, { payment_method: "pm_card_chargeDeclined" }));
    assert.equal((await stripeFailure(stripe.refunds.create({ payment_intent: unpaid.id }))).statusCode, 400);
    const missing = await stripeFailure(stripe.refunds.create({ payment_intent: "pi_nope" }));
    assert.deepEqual([missing.statusCode, missing.code, missing.param], [404, "resource_missing", "payment_intent"]);
    assert.equal((await stripeFailure(stripe.refunds.retrieve("re_nope"))).statusCode, 404);
    const neither = await stripeFailure(stripe.refunds.create({}));
    assert.equal(neither.statusCode, 400);
    const paid = await paidIntent();
    for (const amount of [0, -1, 1.5]) {
      const bad = await stripeFailure(stripe.refunds.create({ payment_intent: paid.id, amount }));
      assert.deepEqual([bad.statusCode, bad.param], [400, "amount"], `amount ${amount}`);
    }
    const charge = await stripe.charges.retrieve(String(paid.latest_charge));
    assert.equal(charge.amount_refunded, 0);
  });

  it("refunds once when two refunds of the whole race", async () => {
    const intent = await paidIntent(1000);
    const results = await Promise.allSettled([stripe.refunds.create({ payment_intent: intent.id }), stripe.refunds.create({ payment_intent: intent.id })]);
    assert.equal(results.filter((result) => result.status === "fulfilled").length, 1);
    assert.equal((await stripe.charges.retrieve(String(intent.latest_charge))).amount_refunded, 1000);
  });
});
