import { and, eq, exists, isNull, lt, sql } from "drizzle-orm";
import type Stripe from "stripe";
import type { Db } from "../db/openDatabase.ts";
import { cardOrders, reservations } from "../db/schema.ts";
import { moveOrder } from "./moveOrder.ts";

export const EXPIRED_REASON = "The reservation ran out before the payment arrived";

/** Whether the PaymentIntent can no longer be cancelled because it went ahead (paid or paying): leave it to its webhook. */
async function wentAhead(stripe: Stripe, paymentIntentId: string, error: unknown): Promise<boolean> {
  if ((error as { code?: string }).code !== "payment_intent_unexpected_state") throw error;
  const intent = await stripe.paymentIntents.retrieve(paymentIntentId);
  return intent.status !== "canceled";
}

/**
 * Ends the card orders whose hold ran out unpaid: the PaymentIntent is cancelled FIRST (so it can
 * no longer be paid), then the order is `expired` and its ids released. An intent that went ahead
 * meanwhile is left alone: its ids are still held, and its `succeeded` webhook marks the order
 * paid. A payment that succeeds after the release anyway is refunded by the webhook. Returns how
 * many orders expired.
 */
export async function expireCardOrders(db: Db, stripe: Stripe, now = new Date()): Promise<number> {
  const due = await db
    .select({ id: cardOrders.id, paymentIntentId: cardOrders.paymentIntentId })
    .from(cardOrders)
    .where(
      and(
        eq(cardOrders.state, "created"),
        exists(
          db
            .select({ one: sql`1` })
            .from(reservations)
            .where(and(eq(reservations.orderId, cardOrders.id), isNull(reservations.releasedAt), lt(reservations.holdUntil, now))),
        ),
      ),
    );
  let expired = 0;
  for (const order of due) {
    if (order.paymentIntentId) {
      const id = order.paymentIntentId;
      const cancelled = await stripe.paymentIntents
        .cancel(id, { cancellation_reason: "abandoned" }, { idempotencyKey: `card-expire-${order.id}` })
        .then(() => true)
        .catch(async (error: unknown) => !(await wentAhead(stripe, id, error)));
      if (!cancelled) continue;
    }
    await db.transaction(async (tx) => {
      if (!(await moveOrder(tx, order.id, { to: "expired", from: ["created"], reason: EXPIRED_REASON }))) return;
      await tx
        .update(reservations)
        .set({ releasedAt: now, releaseReason: "expired" })
        .where(and(eq(reservations.orderId, order.id), isNull(reservations.releasedAt)));
      expired += 1;
    });
  }
  return expired;
}
