import assert from "node:assert/strict";
import { request } from "node:http";
import { after, before, describe, it } from "node:test";
import { startTestStripe, type TestStripe } from "@pixlings/test-kit/localStripe";

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One raw HTTP request (fetch would refuse some of the malformed ones an attacker can send). */
function raw(url: string, method: string, path: string, headers: Record<string, string>, body = ""): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

describe("local Stripe: the wire", () => {
  let local: TestStripe;
  let auth: Record<string, string>;
  before(async () => {
    local = await startTestStripe();
    auth = { authorization: `Bearer ${local.secretKey}`, "content-type": "application/x-www-form-urlencoded" };
  });
  after(() => local.close());

  it("answers bad requests with a 4xx in Stripe's error shape, never a 500", async () => {
    const intent = await local.stripe.paymentIntents.create({ amount: 500, currency: "usd" });
    const cases: [string, string, Record<string, string>, string][] = [
      ["POST", "/v1/payment_intents", { ...auth, "content-type": "application/json" }, '{"amount":100,"currency":"usd"}'],
      ["POST", "/v1/payment_intents", auth, "amount=100&currency=usd&metadata[__proto__][polluted]=1"],
      ["POST", "/v1/payment_intents", auth, "amount=%ZZ&currency=usd"],
      ["POST", "/v1/payment_intents", auth, "amount=100&amount=200&currency=usd"],
      ["POST", "/v1/payment_intents", auth, `amount=100&currency=usd&description=${"x".repeat(300_000)}`],
      ["POST", "/v1/payment_intents", auth, "amount[]=1&currency[a]=usd"],
      ["POST", "/v1/payment_intents", { ...auth, "idempotency-key": "k".repeat(256) }, "amount=100&currency=usd"],
      ["POST", `/v1/payment_intents/${intent.id}/confirm`, auth, "payment_method_data[type]=card&payment_method_data[card][number]=x"],
      ["POST", `/v1/payment_intents/${intent.id}/confirm`, auth, "payment_method_data[type]=sepa_debit"],
      ["POST", `/v1/payment_intents/${intent.id}/confirm`, auth, "payment_method_data[type]=card"],
      [
        "POST",
        `/v1/payment_intents/${intent.id}/confirm`,
        auth,
        "payment_method_data[type]=card&payment_method_data[card][number]=4242424242424242&payment_method_data[card][exp_month]=1&payment_method_data[card][exp_year]=99999",
      ],
      ["POST", "/v1/payment_intents/pi_..%2F..%2Fevents/confirm", auth, ""],
      ["GET", "/v1/payment_intents/", auth, ""],
      ["DELETE", `/v1/payment_intents/${intent.id}`, auth, ""],
      ["GET", "/v1/customers", auth, ""],
      ["GET", "/v1/events?limit=0", auth, ""],
      ["GET", "/v1/events?limit=abc&limit=2", auth, ""],
      ["GET", "/v1/events?starting_after=evt_nope", auth, ""],
      ["GET", "/", auth, ""],
      ["POST", "/v1/refunds", auth, "payment_intent[x]=1"],
      ["POST", "/v1/payment_intents", { ...auth, authorization: "Bearer" }, "amount=100&currency=usd"],
      ["POST", "/v1/payment_intents", { ...auth, authorization: "Basic %%%" }, "amount=100&currency=usd"],
      ["POST", "/v1/payment_intents", { ...auth, authorization: "Token abc" }, "amount=100&currency=usd"],
    ];
    for (const [method, path, headers, body] of cases) {
      const answer = await raw(local.server.url, method, path, headers, body);
      const label = `${method} ${path.slice(0, 60)} ${body.slice(0, 80)}`;
      assert.ok(answer.status >= 400 && answer.status < 500, `${label}: ${answer.status} ${answer.body.slice(0, 200)}`);
      const parsed = JSON.parse(answer.body) as { error: { type: string; message: string } };
      assert.match(parsed.error.type, /^(invalid_request_error|card_error|idempotency_error)$/, label);
      assert.ok(parsed.error.message.length > 0, label);
      assert.equal(answer.headers["content-type"], "application/json", label);
      assert.match(String(answer.headers["request-id"]), /^req_/, label);
    }
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
    assert.equal((await local.stripe.paymentIntents.retrieve(intent.id)).status, "requires_payment_method");
  });

  it("answers with Stripe's headers: Request-Id, the caller's Stripe-Version, the Idempotency-Key", async () => {
    const answer = await raw(
      local.server.url,
      "POST",
      "/v1/payment_intents",
      { ...auth, "stripe-version": "2020-08-27", "idempotency-key": "wire-1" },
      "amount=100&currency=usd",
    );
    assert.equal(answer.status, 200);
    assert.equal(answer.headers["stripe-version"], "2020-08-27");
    assert.equal(answer.headers["idempotency-key"], "wire-1");
    const replay = await raw(local.server.url, "POST", "/v1/payment_intents", { ...auth, "idempotency-key": "wire-1" }, "currency=usd&amount=100");
    assert.equal(replay.body, answer.body, "the same params in another order are the same request");
    assert.equal(replay.headers["original-request"], answer.headers["request-id"]);
  });

  it("does not save a request that failed validation under its idempotency key", async () => {
    const key = { ...auth, "idempotency-key": "wire-2" };
    const bad = await raw(local.server.url, "POST", "/v1/payment_intents", key, "amount=abc&currency=usd");
    assert.equal(bad.status, 400);
    const good = await raw(local.server.url, "POST", "/v1/payment_intents", key, "amount=100&currency=usd");
    assert.equal(good.status, 200);
    assert.equal(good.headers["idempotent-replayed"], undefined);
  });

  it("replays a saved decline (402) rather than charging again", async () => {
    const intent = await local.stripe.paymentIntents.create({ amount: 500, currency: "usd" });
    const key = { ...auth, "idempotency-key": "wire-3" };
    const path = `/v1/payment_intents/${intent.id}/confirm`;
    const first = await raw(local.server.url, "POST", path, key, "payment_method=pm_card_chargeDeclined");
    const again = await raw(local.server.url, "POST", path, key, "payment_method=pm_card_chargeDeclined");
    assert.deepEqual([first.status, again.status, again.headers["idempotent-replayed"]], [402, 402, "true"]);
    const failures = await local.stripe.events.list({ type: "charge.failed", limit: 100 });
    assert.equal(failures.data.filter((event) => (event.data.object as { payment_intent: string }).payment_intent === intent.id).length, 1);
  });
});
