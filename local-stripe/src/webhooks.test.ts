import assert from "node:assert/strict";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { after, describe, it } from "node:test";
import Stripe from "stripe";
import { startTestStripe, startWebhookReceiver, type ReceivedWebhook, type TestStripe, type WebhookReceiver } from "@pixlings/test-kit/localStripe";

const verify = (local: TestStripe, webhook: ReceivedWebhook): Stripe.Event =>
  local.stripe.webhooks.constructEvent(webhook.body, String(webhook.headers["stripe-signature"]), local.webhookSecret);

/** The object id an event is about, and its PaymentIntent. */
const intentOf = (event: Stripe.Event): string => {
  const object = event.data.object as { object: string; id: string; payment_intent?: string };
  return object.object === "payment_intent" ? object.id : String(object.payment_intent);
};

describe("local Stripe: events and webhooks", () => {
  const cleanup: (() => Promise<void>)[] = [];
  after(async () => {
    for (const close of cleanup.reverse()) await close();
  });
  const start = async (receiver: WebhookReceiver, options: { retryDelaysMs?: number[]; log?: (line: string) => void } = {}): Promise<TestStripe> => {
    const local = await startTestStripe({ webhookUrls: [receiver.url], ...options });
    cleanup.push(
      () => local.close(),
      () => receiver.close(),
    );
    return local;
  };

  it("signs each event so that the SDK's constructEvent verifies it, and lists the same events", async () => {
    const receiver = await startWebhookReceiver();
    const local = await start(receiver);
    const intent = await local.stripe.paymentIntents.create({ amount: 1300, currency: "usd", metadata: { order: "o-1" } });
    await local.stripe.paymentIntents.confirm(intent.id, { payment_method: "pm_card_visa" });
    const received = await receiver.waitFor(3);
    const events = received.map((webhook) => verify(local, webhook));
    assert.deepEqual(
      events.map((event) => event.type),
      ["payment_intent.created", "charge.succeeded", "payment_intent.succeeded"],
    );
    const succeeded = events[2] as Stripe.PaymentIntentSucceededEvent;
    assert.match(succeeded.id, /^evt_\w+$/);
    assert.equal(succeeded.object, "event");
    assert.equal(succeeded.api_version, Stripe.API_VERSION, "the stand-in speaks the pinned SDK's API version");
    assert.equal(succeeded.livemode, false);
    assert.equal(typeof succeeded.created, "number");
    assert.deepEqual([succeeded.data.object.id, succeeded.data.object.status, succeeded.data.object.metadata], [intent.id, "succeeded", { order: "o-1" }]);
    assert.match(String(succeeded.request?.id), /^req_/);
    assert.equal(received[0]?.headers["content-type"], "application/json; charset=utf-8");
    assert.match(String(received[0]?.headers["stripe-signature"]), /^t=\d+,v1=[0-9a-f]{64}$/);

    const listed = await local.stripe.events.list({ limit: 3 });
    assert.deepEqual(
      listed.data.map((event) => event.id),
      events.map((event) => event.id).reverse(),
      "newest first",
    );
    const retrieved = await local.stripe.events.retrieve(succeeded.id);
    assert.deepEqual(retrieved.data, succeeded.data);
    assert.equal(retrieved.pending_webhooks, 0);
  });

  it("fails constructEvent for a forged signature, another secret, or a changed body", async () => {
    const receiver = await startWebhookReceiver();
    const local = await start(receiver);
    await local.stripe.paymentIntents.create({ amount: 1300, currency: "usd" });
    const [webhook] = await receiver.waitFor(1);
    assert.ok(webhook);
    const header = String(webhook.headers["stripe-signature"]);
    const forged = local.stripe.webhooks.generateTestHeaderString({ payload: webhook.body, secret: "whsec_forger_000000000000000000" });
    const tampered = webhook.body.replace('"amount": 1300', '"amount": 1');
    assert.notEqual(tampered, webhook.body);
    for (const [body, signature, secret] of [
      [webhook.body, forged, local.webhookSecret],
      [webhook.body, header, "whsec_another_00000000000000000000"],
      [tampered, header, local.webhookSecret],
      [webhook.body, header.replace(/v1=[0-9a-f]/, "v1=x"), local.webhookSecret],
    ] as const) {
      assert.throws(() => local.stripe.webhooks.constructEvent(body, signature, secret), Stripe.errors.StripeSignatureVerificationError);
    }
  });

  it("retries after a 500 until a 2xx, each attempt freshly signed", async () => {
    const receiver = await startWebhookReceiver((_body, index) => (index < 2 ? 500 : 200));
    const local = await start(receiver);
    const intent = await local.stripe.paymentIntents.create({ amount: 1300, currency: "usd" });
    const received = await receiver.waitFor(3);
    const events = received.map((webhook) => verify(local, webhook));
    assert.deepEqual(
      events.map((event) => event.id),
      [events[0]?.id, events[0]?.id, events[0]?.id],
      "the same event, three times",
    );
    assert.equal(intentOf(events[0] as Stripe.Event), intent.id);
    assert.deepEqual(
      received.map((webhook) => webhook.status),
      [500, 500, 200],
    );
  });

  it("gives up after the last retry, says so, and keeps the event listed as pending", async () => {
    const lines: string[] = [];
    const receiver = await startWebhookReceiver(() => 503);
    const local = await start(receiver, { retryDelaysMs: [10, 10], log: (line) => lines.push(line) });
    await local.stripe.paymentIntents.create({ amount: 1300, currency: "usd" });
    await receiver.waitFor(3);
    const deadline = Date.now() + 5_000;
    while (lines.length === 0) {
      assert.ok(Date.now() < deadline, "the sender says it gave up");
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    assert.equal(receiver.received.length, 3, "1 + 2 retries, no more");
    const [event] = (await local.stripe.events.list({ limit: 1 })).data;
    assert.equal(event?.pending_webhooks, 1);
    assert.match(lines.join("\n"), new RegExp(`gave up delivering ${event?.id} \\(payment_intent.created\\) to ${receiver.url} after 3 attempts: HTTP 503`));
  });

  it("delivers one PaymentIntent's events in order even when an earlier one needs retries", async () => {
    let failedOnce = false;
    const receiver = await startWebhookReceiver((body) => {
      if (!failedOnce && body.includes('"type": "payment_intent.created"')) {
        failedOnce = true;
        return 500;
      }
      return 200;
    });
    const local = await start(receiver, { retryDelaysMs: [150] });
    const intent = await local.stripe.paymentIntents.create({ amount: 1300, currency: "usd" });
    await local.stripe.paymentIntents.confirm(intent.id, { payment_method: "pm_card_chargeDeclined" }).catch(() => undefined);
    await local.stripe.paymentIntents.confirm(intent.id, { payment_method: "pm_card_visa" });
    const refund = await local.stripe.refunds.create({ payment_intent: intent.id, amount: 300 });
    const received = await receiver.waitFor(8);
    const delivered = received.filter((webhook) => webhook.status === 200).map((webhook) => verify(local, webhook));
    assert.deepEqual(
      delivered.map((event) => event.type),
      [
        "payment_intent.created",
        "charge.failed",
        "payment_intent.payment_failed",
        "charge.succeeded",
        "payment_intent.succeeded",
        "refund.created",
        "charge.refunded",
      ],
    );
    assert.ok(delivered.every((event) => intentOf(event) === intent.id));
    const failed = delivered[2] as Stripe.PaymentIntentPaymentFailedEvent;
    assert.equal(failed.data.object.last_payment_error?.decline_code, "generic_decline");
    const refunded = delivered[6] as Stripe.ChargeRefundedEvent;
    assert.deepEqual([refunded.data.object.amount_refunded, refunded.data.previous_attributes], [300, { amount_refunded: 0, refunded: false }]);
    assert.equal((delivered[5]?.data.object as Stripe.Refund | undefined)?.id, refund.id);
  });

  it("does not hold up the API call while the webhook endpoint hangs", { timeout: 20_000 }, async () => {
    let requests = 0;
    let arrived: () => void = () => undefined;
    const delivering = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const hanging = createServer(() => {
      requests++;
      arrived();
    });
    await new Promise<void>((resolve) => hanging.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}/webhook`;
    // A delivery attempt may hang for a minute: a call that waited for it would outlast the test's timeout.
    const local = await startTestStripe({ webhookUrls: [url], attemptTimeoutMs: 60_000, retryDelaysMs: [] });
    cleanup.push(
      () => local.close(),
      () =>
        new Promise<void>((resolve) => {
          hanging.close(() => resolve());
          hanging.closeAllConnections();
        }),
    );
    const intent = await local.stripe.paymentIntents.create({ amount: 1300, currency: "usd" });
    assert.equal((await local.stripe.paymentIntents.cancel(intent.id)).status, "canceled");
    await delivering;
    assert.equal(requests, 1, "payment_intent.created is still being delivered; payment_intent.canceled waits behind it");
  });

  it("emits payment_intent.canceled and lists events by type, page by page", async () => {
    const receiver = await startWebhookReceiver();
    const local = await start(receiver);
    const intents = [];
    for (let i = 0; i < 3; i++) intents.push(await local.stripe.paymentIntents.create({ amount: 1000 + i, currency: "usd" }));
    await local.stripe.paymentIntents.cancel(intents[1]?.id ?? "", { cancellation_reason: "abandoned" });
    const canceled = await local.stripe.events.list({ type: "payment_intent.canceled" });
    assert.deepEqual(
      canceled.data.map((event) => (event.data.object as Stripe.PaymentIntent).id),
      [intents[1]?.id],
    );
    const firstPage = await local.stripe.events.list({ type: "payment_intent.*", limit: 2 });
    assert.equal(firstPage.has_more, true);
    const secondPage = await local.stripe.events.list({ type: "payment_intent.*", limit: 2, starting_after: firstPage.data[1]?.id ?? "" });
    assert.equal(secondPage.has_more, false);
    assert.deepEqual(
      [...firstPage.data, ...secondPage.data].map((event) => event.type),
      ["payment_intent.canceled", "payment_intent.created", "payment_intent.created", "payment_intent.created"],
    );
    const all: string[] = [];
    for await (const event of local.stripe.events.list({ limit: 1 })) all.push(event.id);
    assert.equal(all.length, 4, "auto-pagination walks every event");
    const badLimit = await local.stripe.events.list({ limit: 101 }).catch((error: unknown) => error);
    assert.ok(badLimit instanceof Stripe.errors.StripeInvalidRequestError);
    const missing = await local.stripe.events.retrieve("evt_nope").catch((error: unknown) => error);
    assert.ok(missing instanceof Stripe.errors.StripeError);
    assert.equal(missing.statusCode, 404);
  });
});
