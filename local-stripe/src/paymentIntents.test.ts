import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import Stripe from "stripe";
import { startTestStripe, type TestStripe, stripeFailure } from "@pixlings/test-kit/localStripe";
import { TEST_CARDS } from "./testCards.ts";

describe("local Stripe: PaymentIntents through the real SDK", () => {
  let local: TestStripe;
  let stripe: Stripe;
  before(async () => {
    local = await startTestStripe();
    stripe = local.stripe;
  });
  after(() => local.close());

  const create = (params: Partial<Stripe.PaymentIntentCreateParams> = {}, options?: Stripe.RequestOptions) =>
    stripe.paymentIntents.create({ amount: 1300, currency: "usd", metadata: { order: "o-1", token_ids: "7,8" }, ...params }, options);

  it("creates a PaymentIntent in Stripe's shape and reads it back", async () => {
    const intent = await create({ description: "2 Pix" });
    assert.match(intent.id, /^pi_\w{24}$/);
    assert.match(intent.client_secret ?? "", new RegExp(`^${intent.id}_secret_\\w+$`));
    assert.equal(intent.object, "payment_intent");
    assert.equal(intent.status, "requires_payment_method");
    assert.deepEqual([intent.amount, intent.currency, intent.description], [1300, "usd", "2 Pix"]);
    assert.deepEqual(intent.metadata, { order: "o-1", token_ids: "7,8" });
    assert.deepEqual(intent.automatic_payment_methods, { allow_redirects: "always", enabled: true });
    assert.deepEqual(intent.payment_method_types, ["card"]);
    assert.equal(intent.lastResponse.headers["request-id"]?.startsWith("req_"), true);
    assert.deepEqual(await stripe.paymentIntents.retrieve(intent.id), intent);
  });

  it("takes allowed_payment_method_types=[card] and refuses other types, both styles at once, and manual capture", async () => {
    const card = await create({ allowed_payment_method_types: ["card"] });
    assert.equal(card.automatic_payment_methods, null);
    assert.deepEqual(card.allowed_payment_method_types, ["card"]);
    const ideal = await stripeFailure(create({ allowed_payment_method_types: ["card", "ideal"] }));
    assert.deepEqual([ideal.statusCode, ideal.type, ideal.param], [400, "StripeInvalidRequestError", "allowed_payment_method_types"]);
    const both = await stripeFailure(create({ allowed_payment_method_types: ["card"], automatic_payment_methods: { enabled: true } }));
    assert.equal(both.statusCode, 400);
    const manual = await stripeFailure(create({ capture_method: "manual" }));
    assert.deepEqual([manual.statusCode, manual.param], [400, "capture_method"]);
  });

  it("replays the same request under the same Idempotency-Key, once", async () => {
    const key = `order-${Date.now()}`;
    const first = await create({}, { idempotencyKey: key });
    const again = await create({}, { idempotencyKey: key });
    assert.equal(again.id, first.id);
    assert.equal(again.lastResponse.headers["idempotent-replayed"], "true");
    assert.equal(first.lastResponse.headers["idempotent-replayed"], undefined);
    const created = await stripe.events.list({ type: "payment_intent.created", limit: 100 });
    assert.equal(created.data.filter((event) => (event.data.object as Stripe.PaymentIntent).id === first.id).length, 1);
  });

  it("replays concurrent retries under one key as one PaymentIntent", async () => {
    const key = `race-${Date.now()}`;
    const results = await Promise.all(Array.from({ length: 8 }, () => create({ amount: 999 }, { idempotencyKey: key })));
    assert.equal(new Set(results.map((intent) => intent.id)).size, 1);
  });

  it("refuses the same key with other params or on another endpoint (idempotency_error)", async () => {
    const key = `conflict-${Date.now()}`;
    const first = await create({}, { idempotencyKey: key });
    const otherParams = await stripeFailure(create({ amount: 1400 }, { idempotencyKey: key }));
    assert.deepEqual([otherParams.statusCode, otherParams.type, otherParams.rawType], [400, "StripeIdempotencyError", "idempotency_error"]);
    assert.match(otherParams.message, /same parameters/);
    const otherEndpoint = await stripeFailure(stripe.paymentIntents.cancel(first.id, {}, { idempotencyKey: key }));
    assert.equal(otherEndpoint.rawType, "idempotency_error");
    assert.equal((await stripe.paymentIntents.retrieve(first.id)).status, "requires_payment_method");
  });

  it("confirms with 4242 / pm_card_visa: succeeded, with its charge", async () => {
    const intent = await create();
    const paid = await stripe.paymentIntents.confirm(intent.id, { payment_method: "pm_card_visa" });
    assert.equal(paid.status, "succeeded");
    assert.equal(paid.amount_received, 1300);
    assert.equal(paid.last_payment_error, null);
    assert.match(String(paid.payment_method), /^pm_\w+$/);
    const charge = await stripe.charges.retrieve(String(paid.latest_charge));
    assert.deepEqual([charge.status, charge.paid, charge.amount, charge.payment_intent], ["succeeded", true, 1300, intent.id]);
    assert.equal(charge.payment_method_details?.card?.last4, "4242");
    const again = await stripeFailure(stripe.paymentIntents.confirm(intent.id, { payment_method: "pm_card_visa" }));
    assert.deepEqual([again.statusCode, again.code], [400, "payment_intent_unexpected_state"]);
  });

  for (const [paymentMethod, declineCode, message] of [
    ["pm_card_chargeDeclined", "generic_decline", "Your card was declined."],
    ["pm_card_chargeDeclinedInsufficientFunds", "insufficient_funds", "Your card has insufficient funds."],
  ] as const) {
    it(`declines ${paymentMethod} with 402 ${declineCode} and leaves the PaymentIntent confirmable again`, async () => {
      const intent = await create();
      const declined = await stripeFailure(stripe.paymentIntents.confirm(intent.id, { payment_method: paymentMethod }));
      assert.ok(declined instanceof Stripe.errors.StripeCardError);
      assert.deepEqual([declined.statusCode, declined.code, declined.decline_code, declined.message], [402, "card_declined", declineCode, message]);
      assert.equal(declined.payment_intent?.id, intent.id);
      assert.equal(declined.payment_intent?.status, "requires_payment_method");
      const after = await stripe.paymentIntents.retrieve(intent.id);
      assert.equal(after.status, "requires_payment_method");
      assert.equal(after.payment_method, null);
      assert.deepEqual([after.last_payment_error?.code, after.last_payment_error?.decline_code], ["card_declined", declineCode]);
      assert.equal((await stripe.charges.retrieve(String(after.latest_charge))).status, "failed");
      const paid = await stripe.paymentIntents.confirm(intent.id, { payment_method: "pm_card_visa" });
      assert.equal(paid.status, "succeeded");
      assert.equal(paid.last_payment_error, null);
    });
  }

  it("confirms typed-in card data: the test numbers decide, bad data is a card_error", async () => {
    const confirmCard = async (number: string, extra: Record<string, string> = {}) => {
      const intent = await create();
      return stripe.paymentIntents.confirm(intent.id, {
        payment_method_data: { type: "card", card: { number, exp_month: 12, exp_year: new Date().getUTCFullYear() + 2, cvc: "123", ...extra } },
      } as unknown as Stripe.PaymentIntentConfirmParams);
    };
    assert.equal((await confirmCard(TEST_CARDS.succeeds.number.replace(/(\d{4})(?=\d)/g, "$1 "))).status, "succeeded");
    assert.equal((await stripeFailure(confirmCard(TEST_CARDS.declined.number))).decline_code, "generic_decline");
    assert.equal((await stripeFailure(confirmCard(TEST_CARDS.insufficientFunds.number))).decline_code, "insufficient_funds");
    assert.deepEqual(
      Object.values(TEST_CARDS).map((card) => card.number),
      ["4242424242424242", "4000000000000002", "4000000000009995", "4000000000000259", "4000000000005423", "4000002760003184"],
      "Stripe's numbers for these outcomes (0259 and 5423: paid, then disputed or warned of, disputes.test.ts)",
    );
    assert.equal((await stripeFailure(confirmCard("4242424242424241"))).code, "incorrect_number");
    assert.equal((await stripeFailure(confirmCard("5555555555554444"))).decline_code, "test_mode_live_card");
    assert.equal((await stripeFailure(confirmCard("4242424242424242", { exp_month: "13" }))).code, "invalid_expiry_month");
    assert.equal((await stripeFailure(confirmCard("4242424242424242", { exp_year: "2001" }))).code, "invalid_expiry_year");
    assert.equal((await stripeFailure(confirmCard("4242424242424242", { cvc: "12" }))).code, "invalid_cvc");
  });

  it("refuses a confirm without a payment method, with an unknown one, or with both kinds", async () => {
    const intent = await create();
    assert.equal((await stripeFailure(stripe.paymentIntents.confirm(intent.id))).code, "payment_intent_unexpected_state");
    const unknown = await stripeFailure(stripe.paymentIntents.confirm(intent.id, { payment_method: "pm_card_mastercard" }));
    assert.deepEqual([unknown.statusCode, unknown.code, unknown.param], [404, "resource_missing", "payment_method"]);
    const both = await stripeFailure(
      stripe.paymentIntents.confirm(intent.id, {
        payment_method: "pm_card_visa",
        payment_method_data: { type: "card", card: { number: "4242424242424242", exp_month: 1, exp_year: 2099 } },
      } as unknown as Stripe.PaymentIntentConfirmParams),
    );
    assert.equal(both.statusCode, 400);
    assert.equal((await stripe.paymentIntents.retrieve(intent.id)).status, "requires_payment_method");
  });

  it("cancels, then refuses to confirm or cancel again; refuses to cancel a succeeded one", async () => {
    const intent = await create();
    const canceled = await stripe.paymentIntents.cancel(intent.id, { cancellation_reason: "abandoned" });
    assert.deepEqual([canceled.status, canceled.cancellation_reason], ["canceled", "abandoned"]);
    assert.equal(typeof canceled.canceled_at, "number");
    assert.equal((await stripeFailure(stripe.paymentIntents.confirm(intent.id, { payment_method: "pm_card_visa" }))).code, "payment_intent_unexpected_state");
    assert.equal((await stripeFailure(stripe.paymentIntents.cancel(intent.id))).code, "payment_intent_unexpected_state");
    const paid = await create();
    await stripe.paymentIntents.confirm(paid.id, { payment_method: "pm_card_visa" });
    const refused = await stripeFailure(stripe.paymentIntents.cancel(paid.id));
    assert.deepEqual([refused.statusCode, refused.code], [400, "payment_intent_unexpected_state"]);
    assert.match(refused.message, /status of succeeded/);
    assert.equal((await stripe.paymentIntents.retrieve(paid.id)).status, "succeeded");
  });

  it("answers unknown ids with 404 resource_missing", async () => {
    const missing = await stripeFailure(stripe.paymentIntents.retrieve("pi_doesnotexist"));
    assert.deepEqual([missing.statusCode, missing.code, missing.type], [404, "resource_missing", "StripeInvalidRequestError"]);
    assert.equal((await stripeFailure(stripe.paymentIntents.confirm("pi_doesnotexist", { payment_method: "pm_card_visa" }))).statusCode, 404);
  });

  it("answers bad params with Stripe's 400 shape (missing, invalid, unknown, out of range)", async () => {
    const cases: [Promise<unknown>, string, string | undefined][] = [
      [stripe.paymentIntents.create({ currency: "usd" } as Stripe.PaymentIntentCreateParams), "amount", "parameter_missing"],
      [stripe.paymentIntents.create({ amount: "12x" as unknown as number, currency: "usd" }), "amount", "parameter_invalid"],
      [stripe.paymentIntents.create({ amount: -5, currency: "usd" }), "amount", "parameter_invalid"],
      [stripe.paymentIntents.create({ amount: 10, currency: "usd" }), "amount", "amount_too_small"],
      [stripe.paymentIntents.create({ amount: 100_000_000, currency: "usd" }), "amount", "amount_too_large"],
      [stripe.paymentIntents.create({ amount: 100, currency: "dollars" }), "currency", "parameter_invalid"],
      [stripe.paymentIntents.create({ amount: 100, currency: "usd", color: "red" } as Stripe.PaymentIntentCreateParams), "color", "parameter_unknown"],
      [stripe.paymentIntents.create({ amount: 100, currency: "usd", metadata: { ["k".repeat(41)]: "v" } }), `metadata[${"k".repeat(41)}]`, "parameter_invalid"],
      [stripe.paymentIntents.create({ amount: 100, currency: "usd", metadata: "x" as unknown as Stripe.MetadataParam }), "metadata", "parameter_invalid"],
      [stripe.paymentIntents.cancel("pi_x", { cancellation_reason: "bored" as "abandoned" }), "cancellation_reason", "parameter_invalid"],
    ];
    for (const [call, param, code] of cases) {
      const error = await stripeFailure(call);
      assert.equal(error.statusCode, 400, `${param}: ${error.message}`);
      assert.equal(error.rawType, "invalid_request_error");
      assert.equal(error.param, param);
      assert.equal(error.code, code, `${param}: ${error.message}`);
      assert.ok(error.message.length > 0);
    }
  });
});
