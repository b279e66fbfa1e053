import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import Stripe from "stripe";
import { startTestStripe, stripeClient, type TestStripe, stripeFailure } from "@pixlings/test-kit/localStripe";

describe("local Stripe: keys", () => {
  let local: TestStripe;
  let publishable: Stripe;
  before(async () => {
    local = await startTestStripe();
    publishable = stripeClient(local.server, local.publishableKey);
  });
  after(() => local.close());

  /** What Stripe.js does in a browser: the publishable key and client secret as form params. */
  const browser = (path: string, params: Record<string, string>, method: "GET" | "POST" = "POST"): Promise<Response> => {
    const body = new URLSearchParams({ key: local.publishableKey, ...params }).toString();
    return method === "GET"
      ? fetch(`${local.server.url}${path}?${body}`)
      : fetch(`${local.server.url}${path}`, { method, headers: { "content-type": "application/x-www-form-urlencoded" }, body });
  };

  it("answers 401 in Stripe's shape without a key, with a wrong key, and with a key in the wrong place", async () => {
    const none = await fetch(`${local.server.url}/v1/payment_intents`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "amount=100&currency=usd",
    });
    assert.equal(none.status, 401);
    const body = (await none.json()) as { error: { type: string; message: string } };
    assert.equal(body.error.type, "invalid_request_error");
    assert.match(body.error.message, /did not provide an API key/);
    const wrong = await stripeFailure(stripeClient(local.server, "sk_test_someoneelse000000000000000").paymentIntents.create({ amount: 100, currency: "usd" }));
    assert.ok(wrong instanceof Stripe.errors.StripeAuthenticationError);
    assert.equal(wrong.statusCode, 401);
    assert.match(wrong.message, /Invalid API Key provided: sk_test_\*+0000$/);
    assert.ok(!wrong.message.includes("someoneelse"), "the key is redacted");
    const secretInParams = await fetch(`${local.server.url}/v1/events?key=${local.secretKey}`);
    assert.equal(secretInParams.status, 401);
    const basic = await fetch(`${local.server.url}/v1/events`, {
      headers: { authorization: `Basic ${Buffer.from(`${local.secretKey}:`).toString("base64")}` },
    });
    assert.equal(basic.status, 200);
  });

  it("refuses the publishable key for server calls (create, cancel, refund, events)", async () => {
    const intent = await local.stripe.paymentIntents.create({ amount: 500, currency: "usd" });
    const paid = await local.stripe.paymentIntents.create({ amount: 500, currency: "usd" });
    await local.stripe.paymentIntents.confirm(paid.id, { payment_method: "pm_card_visa" });
    const calls: Promise<unknown>[] = [
      publishable.paymentIntents.create({ amount: 100, currency: "usd" }),
      publishable.paymentIntents.cancel(intent.id),
      publishable.refunds.create({ payment_intent: paid.id }),
      publishable.events.list(),
    ];
    for (const call of calls) {
      const error = await stripeFailure(call);
      assert.equal(error.statusCode, 401);
      assert.match(error.message, /publishable API key/);
    }
    assert.equal((await local.stripe.paymentIntents.retrieve(intent.id)).status, "requires_payment_method");
    assert.equal((await local.stripe.charges.retrieve(String((await local.stripe.paymentIntents.retrieve(paid.id)).latest_charge))).amount_refunded, 0);
  });

  it("lets a browser retrieve and confirm with the publishable key and the client secret only", async () => {
    const intent = await local.stripe.paymentIntents.create({ amount: 2600, currency: "usd", metadata: { order: "secret-order" } });
    const secret = intent.client_secret ?? "";
    const seen = await browser(`/v1/payment_intents/${intent.id}`, { client_secret: secret }, "GET");
    assert.equal(seen.status, 200);
    const visible = (await seen.json()) as Record<string, unknown>;
    assert.deepEqual([visible.id, visible.status, visible.amount], [intent.id, "requires_payment_method", 2600]);
    assert.equal(visible.metadata, undefined, "the browser does not see metadata");
    assert.equal(seen.headers.get("access-control-allow-origin"), "*");

    for (const clientSecret of [undefined, `${intent.id}_secret_wrong`, "pi_other_secret_x"]) {
      const refused = await browser(`/v1/payment_intents/${intent.id}/confirm`, {
        ...(clientSecret === undefined ? {} : { client_secret: clientSecret }),
        payment_method: "pm_card_visa",
      });
      assert.equal(refused.status, 400);
      assert.equal(((await refused.json()) as { error: { param: string } }).error.param, "client_secret");
    }
    assert.equal((await local.stripe.paymentIntents.retrieve(intent.id)).status, "requires_payment_method");

    const declined = await browser(`/v1/payment_intents/${intent.id}/confirm`, {
      client_secret: secret,
      "payment_method_data[type]": "card",
      "payment_method_data[card][number]": "4000000000009995",
      "payment_method_data[card][exp_month]": "4",
      "payment_method_data[card][exp_year]": String(new Date().getUTCFullYear() + 1),
      "payment_method_data[card][cvc]": "999",
    });
    assert.equal(declined.status, 402);
    const declineBody = (await declined.json()) as { error: { decline_code: string; payment_intent: Record<string, unknown> } };
    assert.equal(declineBody.error.decline_code, "insufficient_funds");
    assert.equal(declineBody.error.payment_intent.metadata, undefined);

    const paid = await browser(`/v1/payment_intents/${intent.id}/confirm`, {
      client_secret: secret,
      "payment_method_data[type]": "card",
      "payment_method_data[card][number]": "4242424242424242",
      "payment_method_data[card][exp_month]": "4",
      "payment_method_data[card][exp_year]": String((new Date().getUTCFullYear() + 1) % 100),
      "payment_method_data[card][cvc]": "123",
      "payment_method_data[billing_details][name]": "Casey",
      return_url: "http://127.0.0.1:3001/checkout/done",
      use_stripe_sdk: "true",
      expected_payment_method_type: "card",
    });
    assert.equal(paid.status, 200);
    assert.equal(((await paid.json()) as { status: string }).status, "succeeded");
    assert.equal((await local.stripe.paymentIntents.retrieve(intent.id)).status, "succeeded");
  });

  it("answers a browser's CORS preflight", async () => {
    const preflight = await fetch(`${local.server.url}/v1/payment_intents/pi_x/confirm`, {
      method: "OPTIONS",
      headers: { origin: "http://127.0.0.1:3001", "access-control-request-method": "POST", "access-control-request-headers": "authorization,content-type" },
    });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get("access-control-allow-origin"), "*");
    assert.match(preflight.headers.get("access-control-allow-headers") ?? "", /Authorization/);
  });

  it("keeps idempotency keys per API key", async () => {
    const key = `shared-${Date.now()}`;
    const mine = await local.stripe.paymentIntents.create({ amount: 100, currency: "usd" }, { idempotencyKey: key });
    const body = new URLSearchParams({ key: local.publishableKey, client_secret: mine.client_secret ?? "", payment_method: "pm_card_visa" });
    const confirm = (): Promise<Response> =>
      fetch(`${local.server.url}/v1/payment_intents/${mine.id}/confirm`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "idempotency-key": key },
        body: body.toString(),
      });
    const first = await confirm();
    assert.equal(first.status, 200, "the same key under another API key is another request");
    const again = await confirm();
    assert.equal(again.status, 200);
    assert.equal(again.headers.get("idempotent-replayed"), "true");
    const sameKeyOtherEndpoint = await stripeFailure(local.stripe.paymentIntents.cancel(mine.id, {}, { idempotencyKey: key }));
    assert.equal(sameKeyOtherEndpoint.rawType, "idempotency_error");
  });
});
