import type Stripe from "stripe";

/** A card payment as Stripe itself answers it: the PaymentIntent, its charge, its latest dispute and early fraud warning. */
export interface PaymentFacts {
  intent: Stripe.PaymentIntent;
  charge: Stripe.Charge | null;
  dispute: Stripe.Dispute | null;
  fraudWarning: Stripe.Radar.EarlyFraudWarning | null;
}

const latest = <T extends { created: number }>(items: readonly T[]): T | null =>
  items.reduce<T | null>((newest, item) => (newest === null || item.created > newest.created ? item : newest), null);

/**
 * Reads a payment from Stripe (never from an event's body, which a leaked webhook secret could
 * forge): four calls, none inside a database transaction. Throws when Stripe does not answer.
 */
export async function readPaymentFacts(stripe: Stripe, paymentIntentId: string): Promise<PaymentFacts> {
  const intent = await stripe.paymentIntents.retrieve(paymentIntentId);
  const chargeId = typeof intent.latest_charge === "string" ? intent.latest_charge : (intent.latest_charge?.id ?? null);
  const [charge, disputes, warnings] = await Promise.all([
    chargeId === null ? null : stripe.charges.retrieve(chargeId),
    stripe.disputes.list({ payment_intent: paymentIntentId, limit: 10 }),
    stripe.radar.earlyFraudWarnings.list({ payment_intent: paymentIntentId, limit: 10 }),
  ]);
  return { intent, charge, dispute: latest(disputes.data), fraudWarning: latest(warnings.data) };
}

/** The columns of `card_orders` that keep what Stripe said (freezeOf reads them). */
export function factColumns(facts: PaymentFacts) {
  return {
    stripeRefundedCents: facts.charge?.amount_refunded ?? 0,
    refundedInFull: facts.charge?.refunded ?? false,
    disputeId: facts.dispute?.id ?? null,
    disputeStatus: facts.dispute?.status ?? null,
    disputeReason: facts.dispute?.reason ?? null,
    fraudWarningId: facts.fraudWarning?.id ?? null,
    fraudType: facts.fraudWarning?.fraud_type ?? null,
  };
}
