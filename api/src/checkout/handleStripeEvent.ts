import { and, eq, isNull } from "drizzle-orm";
import type Stripe from "stripe";
import type { Db, DbTransaction } from "../db/openDatabase.ts";
import { cardOrders, reservations, stripeEvents } from "../db/schema.ts";
import { enqueueCustodyMint } from "../fulfilment/enqueueCustodyMint.ts";
import { HELD_UNTIL_MINTED } from "./cardHoldAddress.ts";
import { moveOrder } from "./moveOrder.ts";
import { releaseOrderHolds } from "./releaseOrderHolds.ts";

/** What became of one event: "duplicate" when its id was handled before (nothing done again). */
export type EventOutcome = "duplicate" | "ignored" | "paid" | "refunded" | "released" | "unchanged";

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

async function onSucceeded(tx: DbTransaction, stripe: Stripe, intent: Stripe.PaymentIntent): Promise<EventOutcome> {
  const order = await orderOf(tx, intent);
  if (!order) return "ignored";
  const lost = await lostIds(tx, order);
  if (order.state === "created" && lost.length === 0 && intent.amount_received === order.amountCents) {
    await moveOrder(tx, order.id, { to: "paid", from: ["created"] });
    await enqueueCustodyMint(tx, order);
    await tx
      .update(reservations)
      .set({ holdUntil: HELD_UNTIL_MINTED, deadline: HELD_UNTIL_MINTED })
      .where(and(eq(reservations.orderId, order.id), isNull(reservations.releasedAt)));
    return "paid";
  }
  if (!["created", "failed", "expired"].includes(order.state)) return "unchanged";
  const reason =
    lost.length > 0
      ? `${lost.map((id) => `Pix #${id}`).join(", ")} ${lost.length === 1 ? "was" : "were"} no longer reserved for this order when the payment arrived: it was refunded`
      : `The payment (${intent.amount_received} cents) did not match the order (${order.amountCents} cents): it was refunded`;
  // Keyed by the order: a retried delivery after a crash refunds once.
  const refund = await stripe.refunds.create(
    { payment_intent: intent.id, reason: "requested_by_customer", metadata: { orderId: order.id } },
    { idempotencyKey: `card-refund-${order.id}` },
  );
  await releaseOrderHolds(tx, order.id);
  await moveOrder(tx, order.id, { to: "refunded", reason, refundId: refund.id });
  return "refunded";
}

async function onFailedOrCancelled(tx: DbTransaction, stripe: Stripe, intent: Stripe.PaymentIntent, cancelled: boolean): Promise<EventOutcome> {
  const order = await orderOf(tx, intent);
  if (!order) return "ignored";
  if (order.state !== "created") return "unchanged";
  // A declined card may be retried on the same intent: cancel it, so the released ids can never be paid for here.
  if (!cancelled) await stripe.paymentIntents.cancel(intent.id, {}, { idempotencyKey: `card-cancel-${order.id}` }).catch(() => undefined);
  const reason = cancelled ? "The payment was cancelled" : (intent.last_payment_error?.message ?? "The payment failed");
  await releaseOrderHolds(tx, order.id);
  await moveOrder(tx, order.id, { to: "failed", from: ["created"], reason });
  return "released";
}

/**
 * Applies one verified Stripe event, once: its id is recorded in the same transaction as its
 * effect, so a repeated delivery is a no-op and a failed one (rolled back) is retried by Stripe.
 */
export async function handleStripeEvent(db: Db, stripe: Stripe, event: Stripe.Event): Promise<EventOutcome> {
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
        return onSucceeded(tx, stripe, event.data.object);
      case "payment_intent.payment_failed":
        return onFailedOrCancelled(tx, stripe, event.data.object, false);
      case "payment_intent.canceled":
        return onFailedOrCancelled(tx, stripe, event.data.object, true);
      default:
        return "ignored";
    }
  });
}
