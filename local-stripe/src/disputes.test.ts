import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import type Stripe from "stripe";
import { startTestStripe, startWebhookReceiver, stripeFailure, type TestStripe, type WebhookReceiver } from "@pixlings/test-kit/localStripe";
import { TEST_CARDS } from "./testCards.ts";

describe("local Stripe: disputes, early fraud warnings and PaymentIntent updates through the real SDK", () => {
  let local: TestStripe;
  let stripe: Stripe;
  let receiver: WebhookReceiver;
  before(async () => {
    receiver = await startWebhookReceiver();
    local = await startTestStripe({ webhookUrls: [receiver.url] });
    stripe = local.stripe;
  });
  after(async () => {
    await local.close();
    await receiver.close();
  });

  const paid = async (paymentMethod: string, amount = 3500): Promise<Stripe.PaymentIntent> => {
    const intent = await stripe.paymentIntents.create({ amount, currency: "usd", metadata: { orderId: "o-1" } });
    return stripe.paymentIntents.confirm(intent.id, { payment_method: paymentMethod });
  };
  /** The types of the events about one PaymentIntent, oldest first, as webhooks deliver them. */
  const eventTypesOf = async (intentId: string): Promise<string[]> => {
    const events = await stripe.events.list({ limit: 100 });
    return events.data
      .filter(
        (event) =>
          (event.data.object as { payment_intent?: string; id: string }).payment_intent === intentId || (event.data.object as { id: string }).id === intentId,
      )
      .map((event) => event.type)
      .reverse();
  };
  const disputeOf = async (intentId: string): Promise<Stripe.Dispute> => {
    const list = await stripe.disputes.list({ payment_intent: intentId });
    assert.equal(list.data.length, 1);
    return list.data[0]!;
  };

  it("disputes a payment with the dispute test card as fraudulent, after it succeeded, and refuses to refund the charged-back charge", async () => {
    const intent = await paid(TEST_CARDS.disputed.paymentMethod);
    assert.equal(intent.status, "succeeded");
    const dispute = await disputeOf(intent.id);
    assert.match(dispute.id, /^dp_\w{24}$/);
    assert.deepEqual(
      [dispute.object, dispute.amount, dispute.currency, dispute.charge, dispute.payment_intent, dispute.reason, dispute.status, dispute.is_charge_refundable],
      ["dispute", 3500, "usd", intent.latest_charge, intent.id, "fraudulent", "needs_response", false],
    );
    assert.deepEqual(await stripe.disputes.retrieve(dispute.id), dispute);
    assert.equal((await stripe.charges.retrieve(String(intent.latest_charge))).disputed, true);
    assert.deepEqual(await eventTypesOf(intent.id), ["payment_intent.created", "charge.succeeded", "payment_intent.succeeded", "charge.dispute.created"]);
    const refund = await stripeFailure(stripe.refunds.create({ payment_intent: intent.id }));
    assert.deepEqual([refund.statusCode, refund.code], [400, "charge_disputed"]);
    // Its webhooks arrive in that order, the dispute's after the payment's.
    const delivered = (): string[] =>
      receiver.received
        .map((delivery) => JSON.parse(delivery.body) as Stripe.Event)
        .filter((event) => {
          const object = event.data.object as { id: string; payment_intent?: string };
          return [object.id, object.payment_intent].includes(intent.id);
        })
        .map((event) => event.type);
    for (let waited = 0; delivered().length < 4 && waited < 5_000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    assert.deepEqual(delivered(), ["payment_intent.created", "charge.succeeded", "payment_intent.succeeded", "charge.dispute.created"]);
  });

  it("disputes a typed-in 4000 0000 0000 0259 like its PaymentMethod", async () => {
    const created = await stripe.paymentIntents.create({ amount: 900, currency: "usd" });
    const intent = await stripe.paymentIntents.confirm(created.id, {
      payment_method_data: { type: "card", card: { number: "4000 0000 0000 0259", exp_month: "12", exp_year: "2034", cvc: "123" } } as never,
    });
    assert.equal((await disputeOf(intent.id)).status, "needs_response");
  });

  it("lets winning evidence win a dispute and losing evidence lose one (charge.dispute.updated, then .closed), and takes nothing after", async () => {
    const winner = await paid(TEST_CARDS.disputed.paymentMethod);
    const won = await stripe.disputes.update((await disputeOf(winner.id)).id, { evidence: { uncategorized_text: "winning_evidence" } });
    assert.deepEqual([won.status, won.evidence.uncategorized_text, won.evidence_details.submission_count], ["won", "winning_evidence", 1]);
    assert.deepEqual((await eventTypesOf(winner.id)).slice(-2), ["charge.dispute.updated", "charge.dispute.closed"]);
    const closed = await stripeFailure(stripe.disputes.update(won.id, { evidence: { uncategorized_text: "losing_evidence" } }));
    assert.deepEqual([closed.statusCode, closed.code], [400, "dispute_already_closed"]);
    // Once won, the charge can be refunded again.
    assert.equal((await stripe.refunds.create({ payment_intent: winner.id, amount: 100 })).status, "succeeded");

    const loser = await paid(TEST_CARDS.disputed.paymentMethod);
    const lost = await stripe.disputes.update((await disputeOf(loser.id)).id, { evidence: { uncategorized_text: "losing_evidence" } });
    assert.equal(lost.status, "lost");
    const [closedEvent] = (await stripe.events.list({ type: "charge.dispute.closed", limit: 1 })).data;
    const closedDispute = (closedEvent ?? assert.fail("no charge.dispute.closed")).data.object as Stripe.Dispute;
    assert.deepEqual([closedDispute.id, closedDispute.status], [lost.id, "lost"]);
  });

  it("stages evidence without deciding, leaves other evidence under review, and closes (accepts) a dispute as lost", async () => {
    const intent = await paid(TEST_CARDS.disputed.paymentMethod);
    const { id } = await disputeOf(intent.id);
    const staged = await stripe.disputes.update(id, { evidence: { product_description: "A 9x9 Pix" }, submit: false, metadata: { case: "7" } });
    assert.deepEqual([staged.status, staged.evidence_details.has_evidence, staged.metadata], ["needs_response", true, { case: "7" }]);
    assert.equal((await stripe.disputes.update(id, { evidence: { uncategorized_text: "The buyer got the Pix" } })).status, "under_review");
    const accepted = await stripe.disputes.close(id);
    assert.equal(accepted.status, "lost");
    assert.equal((await stripeFailure(stripe.disputes.close(id))).code, "dispute_already_closed");
    const unknown = await stripeFailure(stripe.disputes.update(id, { evidence: { receipt: "file_1" } as never }));
    assert.equal(unknown.statusCode, 400);
    assert.equal((await stripeFailure(stripe.disputes.retrieve("dp_nope"))).statusCode, 404);
  });

  it("warns of fraud with the early-fraud-warning test card; a full refund makes the warning no longer actionable", async () => {
    const intent = await paid(TEST_CARDS.fraudWarning.paymentMethod);
    const warnings = await stripe.radar.earlyFraudWarnings.list({ payment_intent: intent.id });
    assert.equal(warnings.data.length, 1);
    const warning = warnings.data[0]!;
    assert.match(warning.id, /^issfr_\w{24}$/);
    assert.deepEqual(
      [warning.object, warning.actionable, warning.charge, warning.payment_intent, warning.fraud_type],
      ["radar.early_fraud_warning", true, intent.latest_charge, intent.id, "made_with_stolen_card"],
    );
    assert.deepEqual((await eventTypesOf(intent.id)).slice(-1), ["radar.early_fraud_warning.created"]);
    await stripe.refunds.create({ payment_intent: intent.id, amount: 1000 });
    assert.equal((await stripe.radar.earlyFraudWarnings.retrieve(warning.id)).actionable, true, "a partial refund leaves it actionable");
    await stripe.refunds.create({ payment_intent: intent.id });
    assert.equal((await stripe.radar.earlyFraudWarnings.retrieve(warning.id)).actionable, false);
    assert.deepEqual((await eventTypesOf(intent.id)).slice(-3), ["refund.created", "charge.refunded", "radar.early_fraud_warning.updated"]);
    assert.deepEqual((await stripe.disputes.list({ payment_intent: intent.id })).data, [], "a warning is no dispute");
  });

  it("updates a PaymentIntent's amount and currency before the payment only, and its metadata at any time", async () => {
    const intent = await stripe.paymentIntents.create({ amount: 3500, currency: "usd", metadata: { orderId: "o-2", keep: "yes" } });
    const changed = await stripe.paymentIntents.update(intent.id, { amount: 3600, currency: "EUR", metadata: { orderId: "o-3", keep: "" } });
    assert.deepEqual([changed.amount, changed.currency, changed.metadata], [3600, "eur", { orderId: "o-3" }]);
    const done = await stripe.paymentIntents.confirm(intent.id, { payment_method: "pm_card_visa" });
    assert.deepEqual([done.amount_received, done.currency], [3600, "eur"]);
    const late = await stripeFailure(stripe.paymentIntents.update(intent.id, { amount: 100 }));
    assert.deepEqual([late.statusCode, late.code], [400, "payment_intent_unexpected_state"]);
    assert.deepEqual((await stripe.paymentIntents.update(intent.id, { metadata: { note: "x" } })).metadata, { orderId: "o-3", note: "x" });
    assert.deepEqual((await stripe.paymentIntents.update(intent.id, { metadata: "" })).metadata, {});
    assert.equal((await stripeFailure(stripe.paymentIntents.update(intent.id, { amount: 0 }))).statusCode, 400);
  });

  it("keeps disputes and fraud warnings across a restart over the same data dir", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "local-stripe-risk-"));
    try {
      const first = await startTestStripe({ dataDir });
      const created = await first.stripe.paymentIntents.create({ amount: 700, currency: "usd" });
      await first.stripe.paymentIntents.confirm(created.id, { payment_method: TEST_CARDS.disputed.paymentMethod });
      const disputes = await first.stripe.disputes.list({ payment_intent: created.id });
      await first.close();
      const second = await startTestStripe({
        dataDir,
        keys: { secretKey: first.secretKey, publishableKey: first.publishableKey, webhookSecret: first.webhookSecret },
      });
      try {
        assert.deepEqual((await second.stripe.disputes.list({ payment_intent: created.id })).data, disputes.data);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
