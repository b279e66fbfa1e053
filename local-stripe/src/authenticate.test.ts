import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type Stripe from "stripe";
import { startTestStripe, stripeClient, stripeFailure, type TestStripe } from "@pixlings/test-kit/localStripe";

describe("local Stripe: a card that asks for 3D Secure, and the receipt email on the charge", () => {
  let local: TestStripe;
  let stripe: Stripe;
  before(async () => {
    local = await startTestStripe();
    stripe = local.stripe;
  });
  after(() => local.close());

  const create = () =>
    stripe.paymentIntents.create({ amount: 3500, currency: "usd", receipt_email: "buyer@pixlings.test", allowed_payment_method_types: ["card"] });
  /** What the stand-in's bank page does: the buyer completes or fails the check (the publishable key, with the client secret). */
  const authenticate = (intent: Stripe.PaymentIntent, outcome: string, clientSecret = intent.client_secret ?? "") =>
    stripeClient(local.server, local.publishableKey).rawRequest("POST", `/local/payment_intents/${intent.id}/authenticate`, {
      outcome,
      client_secret: clientSecret,
    });
  const eventsOf = async (intent: Stripe.PaymentIntent) =>
    (await stripe.events.list({ limit: 100 })).data
      .filter((e) => (e.data.object as { id?: string; payment_intent?: string }).id === intent.id)
      .map((e) => e.type);

  it("waits in requires_action with nothing charged; a failed check sends it back to requires_payment_method", async () => {
    const intent = await create();
    const waiting = await stripe.paymentIntents.confirm(intent.id, { payment_method: "pm_card_authenticationRequired" });
    assert.equal(waiting.status, "requires_action");
    assert.equal(waiting.next_action?.type, "use_stripe_sdk");
    assert.equal(waiting.latest_charge, null, "nothing charged before the bank's check");
    assert.deepEqual(await eventsOf(intent), ["payment_intent.requires_action", "payment_intent.created"]);
    await authenticate(intent, "fail");
    const failed = await stripe.paymentIntents.retrieve(intent.id);
    assert.deepEqual(
      [failed.status, failed.last_payment_error?.code, failed.next_action],
      ["requires_payment_method", "payment_intent_authentication_failure", null],
    );
    assert.equal((await eventsOf(intent))[0], "payment_intent.payment_failed");
    // Another card on the same PaymentIntent.
    assert.equal((await stripe.paymentIntents.confirm(intent.id, { payment_method: "pm_card_visa" })).status, "succeeded");
  });

  it("charges the card once the check is completed: the charge carries the card and the receipt email", async () => {
    const intent = await create();
    await stripe.paymentIntents.confirm(intent.id, { payment_method: "pm_card_authenticationRequired" });
    const wrong = await stripeFailure(authenticate(intent, "complete", "pi_x_secret_y"));
    assert.equal(wrong.statusCode, 400);
    await authenticate(intent, "complete");
    const paid = await stripe.paymentIntents.retrieve(intent.id);
    assert.deepEqual([paid.status, paid.amount_received, paid.next_action], ["succeeded", 3500, null]);
    const charge = await stripe.charges.retrieve(String(paid.latest_charge));
    assert.deepEqual([charge.status, charge.payment_method_details?.card?.brand, charge.payment_method_details?.card?.last4], ["succeeded", "visa", "3184"]);
    assert.equal(charge.receipt_email, "buyer@pixlings.test");
    const again = await stripeFailure(authenticate(intent, "complete"));
    assert.deepEqual([again.statusCode, again.code], [400, "payment_intent_unexpected_state"]);
  });

  it("takes the card typed in as 4000 0027 6000 3184, and the receipt email given at confirmation", async () => {
    const intent = await stripe.paymentIntents.create({ amount: 3500, currency: "usd" });
    const year = String(new Date().getUTCFullYear() + 2);
    const waiting = await stripe.paymentIntents.confirm(intent.id, {
      payment_method_data: { type: "card", card: { number: "4000 0027 6000 3184", exp_month: "12", exp_year: year, cvc: "123" } },
      receipt_email: "later@pixlings.test",
    } as unknown as Stripe.PaymentIntentConfirmParams);
    assert.equal(waiting.status, "requires_action");
    await authenticate(intent, "complete");
    const paid = await stripe.paymentIntents.retrieve(intent.id);
    assert.equal((await stripe.charges.retrieve(String(paid.latest_charge))).receipt_email, "later@pixlings.test");
  });
});
