import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, describe, it } from "node:test";
import type Stripe from "stripe";
import { startTestStripe, startWebhookReceiver } from "@pixlings/test-kit/localStripe";

describe("local Stripe: state across restarts", () => {
  const dirs: string[] = [];
  after(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  const newDir = (): string => {
    const dir = mkdtempSync(path.join(tmpdir(), "local-stripe-"));
    dirs.push(dir);
    return dir;
  };

  it("keeps payments, refunds, events and idempotency keys in dataDir/state.json", async () => {
    const dataDir = newDir();
    const first = await startTestStripe({ dataDir });
    const { stripe } = first;
    const intent = await stripe.paymentIntents.create({ amount: 1200, currency: "usd", metadata: { order: "o-5" } }, { idempotencyKey: "restart-1" });
    await stripe.paymentIntents.confirm(intent.id, { payment_method: "pm_card_visa" });
    const refund = await stripe.refunds.create({ payment_intent: intent.id, amount: 200 });
    await first.close();
    assert.deepEqual(readdirSync(dataDir), ["state.json"], "no temporary file left behind");

    const second = await startTestStripe({ dataDir, keys: first });
    try {
      const again = await second.stripe.paymentIntents.retrieve(intent.id);
      assert.deepEqual([again.status, again.metadata], ["succeeded", { order: "o-5" }]);
      assert.equal((await second.stripe.refunds.retrieve(refund.id)).amount, 200);
      assert.equal((await second.stripe.events.list({ limit: 100 })).data.length, 5);
      const replayed = await second.stripe.paymentIntents.create(
        { amount: 1200, currency: "usd", metadata: { order: "o-5" } },
        { idempotencyKey: "restart-1" },
      );
      assert.equal(replayed.id, intent.id);
      assert.equal(replayed.lastResponse.headers["idempotent-replayed"], "true");
      const rest = await second.stripe.refunds.create({ payment_intent: intent.id });
      assert.equal(rest.amount, 1000);
    } finally {
      await second.close();
    }
    const saved = readFileSync(path.join(dataDir, "state.json"), "utf8");
    assert.ok(!saved.includes(first.secretKey), "the secret key is not written down");
  });

  it("carries on delivering after a restart what an earlier run could not deliver", async () => {
    const dataDir = newDir();
    let up = false;
    const receiver = await startWebhookReceiver(() => (up ? 200 : 503));
    try {
      const first = await startTestStripe({ dataDir, webhookUrls: [receiver.url], retryDelaysMs: [60_000] });
      const intent = await first.stripe.paymentIntents.create({ amount: 1200, currency: "usd" });
      await receiver.waitFor(1);
      await first.close();
      up = true;
      const lines: string[] = [];
      const second = await startTestStripe({ dataDir, keys: first, webhookUrls: [receiver.url], log: (line) => lines.push(line) });
      try {
        const [, resumed] = await receiver.waitFor(2);
        assert.ok(resumed);
        const event = second.stripe.webhooks.constructEvent(resumed.body, String(resumed.headers["stripe-signature"]), first.webhookSecret);
        assert.deepEqual([event.type, (event.data.object as Stripe.PaymentIntent).id], ["payment_intent.created", intent.id]);
        const deadline = Date.now() + 5_000;
        while ((await second.stripe.events.retrieve(event.id)).pending_webhooks !== 0) {
          assert.ok(Date.now() < deadline, "pending_webhooks reaches 0");
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      } finally {
        await second.close();
      }
      const third = await startTestStripe({ dataDir, keys: first, webhookUrls: [receiver.url] });
      await third.close();
      assert.equal(receiver.received.length, 2, "a delivered event is not sent again");
    } finally {
      await receiver.close();
    }
  });

  it("drops what was pending for a URL that is no longer configured, and says so", async () => {
    const dataDir = newDir();
    const receiver = await startWebhookReceiver(() => 500);
    const first = await startTestStripe({ dataDir, webhookUrls: [receiver.url], retryDelaysMs: [60_000] });
    await first.stripe.paymentIntents.create({ amount: 1200, currency: "usd" });
    await receiver.waitFor(1);
    await first.close();
    await receiver.close();
    const lines: string[] = [];
    const second = await startTestStripe({ dataDir, keys: first, webhookUrls: [], log: (line) => lines.push(line) });
    await second.close();
    assert.match(lines.join("\n"), new RegExp(`not resuming evt_\\w+ to ${receiver.url}: no longer a webhook URL`));
  });

  it("keeps nothing without a data dir", async () => {
    const first = await startTestStripe();
    const intent = await first.stripe.paymentIntents.create({ amount: 1200, currency: "usd" });
    await first.close();
    const second = await startTestStripe({ keys: first });
    try {
      await assert.rejects(second.stripe.paymentIntents.retrieve(intent.id), /No such payment_intent/);
    } finally {
      await second.close();
    }
  });

  it("refuses to start on a state file it did not write, saying which", async () => {
    const dataDir = newDir();
    writeFileSync(path.join(dataDir, "state.json"), JSON.stringify({ version: 1, paymentIntents: [{ id: "ch_wrong" }] }));
    await assert.rejects(startTestStripe({ dataDir }), (error: Error) => error.message.includes("state.json is not a local Stripe state file"));
    writeFileSync(path.join(dataDir, "state.json"), "{ not json");
    await assert.rejects(startTestStripe({ dataDir }), /not a local Stripe state file/);
  });
});
