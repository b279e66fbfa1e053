import { and, eq, sql } from "drizzle-orm";
import type Stripe from "stripe";
import type { DbTransaction } from "../db/openDatabase.ts";
import { cardOrders } from "../db/tables/cardOrders.ts";
import { orderJobs } from "../db/tables/orderJobs.ts";
import { type FreezeFacts, freezeOf } from "./freezeOf.ts";

/** The events that tell of something done to a payment after it succeeded: a dispute, a refund made anywhere, a fraud warning. */
const PAYMENT_RISK_EVENTS = [
  "charge.dispute.created",
  "charge.dispute.updated",
  "charge.dispute.closed",
  "charge.refunded",
  "radar.early_fraud_warning.created",
  "radar.early_fraud_warning.updated",
] as const;
export type PaymentRiskEvent = (typeof PAYMENT_RISK_EVENTS)[number];
export const isPaymentRiskEvent = (type: string): type is PaymentRiskEvent => (PAYMENT_RISK_EVENTS as readonly string[]).includes(type);

type Claim = Partial<Pick<FreezeFacts, "stripeRefundedCents" | "refundedInFull" | "disputeStatus" | "disputeReason" | "fraudWarningId" | "fraudType">>;

const idOf = (value: string | { id: string } | null | undefined): string | undefined => (typeof value === "string" ? value : value?.id);

/**
 * What an event claims, as facts that could freeze an order: never what would lift a freeze (a
 * dispute won), which only Stripe's own answer may do (runPaymentCheckJob.ts).
 */
function claimOf(event: Stripe.Event): { paymentIntentId: string | undefined; claim: Claim } {
  const object = event.data.object as { object?: string; payment_intent?: string | { id: string } | null };
  const paymentIntentId = idOf(object.payment_intent);
  switch (object.object) {
    case "charge": {
      const charge = event.data.object as Stripe.Charge;
      return { paymentIntentId, claim: { stripeRefundedCents: charge.amount_refunded, refundedInFull: charge.refunded } };
    }
    case "dispute": {
      const dispute = event.data.object as Stripe.Dispute;
      const settled = ["won", "warning_closed", "prevented"].includes(dispute.status);
      return { paymentIntentId, claim: settled ? {} : { disputeStatus: dispute.status, disputeReason: dispute.reason } };
    }
    case "radar.early_fraud_warning": {
      const warning = event.data.object as Stripe.Radar.EarlyFraudWarning;
      return { paymentIntentId, claim: { fraudWarningId: warning.id, fraudType: warning.fraud_type } };
    }
    default:
      return { paymentIntentId: undefined, claim: {} };
  }
}

/**
 * A dispute, refund or fraud warning event for a card order's payment. The webhook does not wait
 * on Stripe, and a validly signed event may still be forged (a leaked secret), so the event only
 * ever makes things safer: when what it claims would freeze an order that is not frozen, the order
 * is frozen at once; then a `payment_check` job (one per order, queued again by each event) reads
 * the payment from Stripe and decides, freezing, unfreezing (a dispute won) or freezing for good.
 * Repeated and reordered events end the same, since the check reads the facts, not the events.
 */
export async function onPaymentRisk(tx: DbTransaction, event: Stripe.Event): Promise<"frozen" | "checking" | "ignored"> {
  const { paymentIntentId, claim } = claimOf(event);
  if (!paymentIntentId) return "ignored";
  const [order] = await tx.select().from(cardOrders).where(eq(cardOrders.paymentIntentId, paymentIntentId)).for("update");
  if (order?.source !== "card") return "ignored";
  const claimed = freezeOf({
    ...order,
    ...claim,
    stripeRefundedCents: Math.max(order.stripeRefundedCents, claim.stripeRefundedCents ?? 0),
    refundedInFull: order.refundedInFull || (claim.refundedInFull ?? false),
  });
  const freezeNow = claimed !== null && order.frozenReason === null;
  await tx
    .update(cardOrders)
    .set({
      paymentEvents: sql`${cardOrders.paymentEvents} + 1`,
      ...(freezeNow ? { frozenReason: claimed.reason, frozenAt: sql`now()`, updatedAt: sql`now()` } : {}),
    })
    .where(eq(cardOrders.id, order.id));
  // One check per order: written under the order's row lock, so two events never queue two.
  const [check] = await tx
    .select({ id: orderJobs.id })
    .from(orderJobs)
    .where(and(eq(orderJobs.orderId, order.id), eq(orderJobs.kind, "payment_check")));
  if (check) {
    await tx
      .update(orderJobs)
      .set({ state: "queued", attempts: 0, runAfter: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(orderJobs.id, check.id), sql`${orderJobs.state} in ('done', 'failed')`));
  } else {
    await tx.insert(orderJobs).values({ kind: "payment_check", orderId: order.id, chainId: order.chainId });
  }
  return freezeNow ? "frozen" : "checking";
}
