import { and, eq, isNull, sql } from "drizzle-orm";
import type Stripe from "stripe";
import type { Db, DbTransaction } from "../db/openDatabase.ts";
import { cardOrders, stripeEvents } from "../db/tables/cardOrders.ts";
import { reservations } from "../db/tables/reservations.ts";
import { enqueueCustodyMint } from "./enqueueCustodyMint.ts";
import { HELD_UNTIL_MINTED } from "./cardHoldAddress.ts";
import { EXPIRED_REASON } from "./expiredReason.ts";
import { moveOrder } from "./moveOrder.ts";
import { isPaymentRiskEvent, onPaymentRisk } from "./onPaymentRisk.ts";
import { recordRefund } from "./recordRefund.ts";
import { releaseOrderHolds } from "./releaseOrderHolds.ts";
import type { SaleEvents } from "./saleEvents.ts";

/** What became of one event: "duplicate" when its id was handled before (nothing done again). */
export type EventOutcome = "declined" | "duplicate" | "ignored" | "paid" | "refunded" | "released" | "unchanged" | "frozen" | "checking";

type Order = typeof cardOrders.$inferSelect;

/** The order a PaymentIntent is for: by `metadata.orderId`, and only if the intent is the order's own. */
async function orderOf(tx: DbTransaction, intent: Stripe.PaymentIntent): Promise<Order | undefined> {
  const orderId = intent.metadata.orderId;
  if (!orderId) return undefined;
  const [order] = await tx.select().from(cardOrders).where(eq(cardOrders.id, orderId)).for("update");
  if (!order || (order.paymentIntentId !== null && order.paymentIntentId !== intent.id)) return undefined;
  // The event can arrive before the create's answer is stored.
  if (order.paymentIntentId === null) await tx.update(cardOrders).set({ paymentIntentId: intent.id }).where(eq(cardOrders.id, order.id));
  return order;
}

/** The order's ids no longer held for it (released, or expired and maybe taken by someone else). */
async function lostIds(tx: DbTransaction, order: Order): Promise<number[]> {
  const rows = await tx
    .select({ tokenId: reservations.tokenId })
    .from(reservations)
    .where(and(eq(reservations.orderId, order.id), isNull(reservations.releasedAt)));
  const held = new Set(rows.map((row) => row.tokenId));
  return order.tokenIds.filter((id) => !held.has(id));
}

const lostReason = (lost: readonly number[]): string =>
  `${lost.map((id) => `Pix #${id}`).join(", ")} ${lost.length === 1 ? "was" : "were"} no longer reserved for this order when the payment arrived: refunded`;

/**
 * A payment arrived, as the event says (its body is not trusted: the worker asks Stripe before it
 * mints, verifyPayment.ts). While the order waits for it: paid for every id still held (its holds
 * kept until the mint is final, its custody mint queued), and refunded for the ids no longer held
 * (lost to a race: only those). For an order that failed or expired, it is refunded whole.
 * Refunds are recorded here and asked of Stripe by the worker.
 */
async function onSucceeded(tx: DbTransaction, intent: Stripe.PaymentIntent): Promise<EventOutcome> {
  const order = await orderOf(tx, intent);
  if (!order) return "ignored";
  if (!["created", "failed", "expired"].includes(order.state)) return "unchanged";
  const lost = await lostIds(tx, order);
  if (order.state === "created" && lost.length < order.tokenIds.length) {
    await moveOrder(tx, order.id, { to: "paid", from: ["created"], reason: null });
    await tx
      .update(reservations)
      .set({ holdUntil: HELD_UNTIL_MINTED, deadline: HELD_UNTIL_MINTED })
      .where(and(eq(reservations.orderId, order.id), isNull(reservations.releasedAt)));
    await enqueueCustodyMint(tx, order);
    if (lost.length > 0) await recordRefund(tx, { orderId: order.id, tokenIds: lost, reason: lostReason(lost) });
    return "paid";
  }
  await recordRefund(tx, { orderId: order.id, tokenIds: order.tokenIds, reason: lostReason(order.tokenIds), cents: intent.amount_received });
  return "refunded";
}

/**
 * A card was declined. The PaymentIntent is back to `requires_payment_method` (Stripe's rule), so
 * the buyer may try another card on the same order while its hold lasts: the order stays open with
 * the decline's message, its ids stay held, and only the hold's end (expireCardOrders) releases them.
 */
async function onFailed(tx: DbTransaction, intent: Stripe.PaymentIntent): Promise<EventOutcome> {
  const order = await orderOf(tx, intent);
  if (!order) return "ignored";
  if (order.state !== "created") return "unchanged";
  const reason = intent.last_payment_error?.message ?? "The payment failed";
  await tx
    .update(cardOrders)
    .set({ reason, updatedAt: sql`now()` })
    .where(and(eq(cardOrders.id, order.id), eq(cardOrders.state, "created")));
  return "declined";
}

/**
 * The PaymentIntent was cancelled while the order waits for it: its ids are released at once. A
 * cancellation by our own expiry (`abandoned`) ends the order `expired` and its ids cool down for
 * the buyer (released as `expired`, whichever of the sweeper and this webhook records it first).
 */
async function onCancelled(tx: DbTransaction, intent: Stripe.PaymentIntent): Promise<EventOutcome> {
  const order = await orderOf(tx, intent);
  if (!order) return "ignored";
  if (order.state !== "created") return "unchanged";
  if (intent.cancellation_reason === "abandoned") {
    await releaseOrderHolds(tx, order.id, "expired");
    await moveOrder(tx, order.id, { to: "expired", from: ["created"], reason: EXPIRED_REASON });
    return "released";
  }
  await releaseOrderHolds(tx, order.id, "cancelled");
  await moveOrder(tx, order.id, { to: "failed", from: ["created"], reason: "The payment was cancelled" });
  return "released";
}

/**
 * Applies one verified Stripe event, once: its id is recorded in the same transaction as its
 * effect, so a repeated delivery is a no-op and a failed one (rolled back) is retried by Stripe.
 * Nothing here waits on Stripe or a chain: what must happen outside is queued as order jobs.
 */
export async function handleStripeEvent(db: Db, event: Stripe.Event): Promise<EventOutcome> {
  return db.transaction(async (tx) => {
    const object = event.data.object as { metadata?: Record<string, string> };
    const recorded = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type, orderId: object.metadata?.orderId ?? null })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (recorded.length === 0) return "duplicate";
    switch (event.type) {
      case "payment_intent.succeeded":
        return onSucceeded(tx, event.data.object);
      case "payment_intent.payment_failed":
        return onFailed(tx, event.data.object);
      case "payment_intent.canceled":
        return onCancelled(tx, event.data.object);
      default:
        return isPaymentRiskEvent(event.type) ? onPaymentRisk(tx, event) : "ignored";
    }
  });
}

/** `handleStripeEvent`, then the change announced (a paid order's custody mint queued, holds released) unless nothing moved. */
export async function receiveStripeEvent(deps: { db: Db; events: SaleEvents }, event: Stripe.Event): Promise<EventOutcome> {
  const outcome = await handleStripeEvent(deps.db, event);
  if (outcome !== "duplicate" && outcome !== "ignored" && outcome !== "unchanged") deps.events.changed("holds", "jobs");
  return outcome;
}
