import { and, eq, exists, isNull, lt, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type Stripe from "stripe";
import type { Db } from "../db/openDatabase.ts";
import { cardOrders, reservations } from "../db/schema.ts";
import { EXPIRED_REASON } from "./expiredReason.ts";
import { handleStripeEvent } from "./handleStripeEvent.ts";
import { moveOrder } from "./moveOrder.ts";

type Due = { id: string; paymentIntentId: string | null };

/**
 * Cancels the order's PaymentIntent, or says why it cannot: "cancelled" (now, before, or it is gone),
 * or the intent itself when it went ahead (succeeded or still processing).
 */
async function cancelIntent(stripe: Stripe, order: Due & { paymentIntentId: string }): Promise<"cancelled" | Stripe.PaymentIntent> {
  try {
    await stripe.paymentIntents.cancel(order.paymentIntentId, { cancellation_reason: "abandoned" }, { idempotencyKey: `card-expire-${order.id}` });
    return "cancelled";
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "resource_missing") return "cancelled";
    if (code !== "payment_intent_unexpected_state") throw error;
    const intent = await stripe.paymentIntents.retrieve(order.paymentIntentId);
    return intent.status === "canceled" ? "cancelled" : intent;
  }
}

/**
 * One order whose hold ran out unpaid: the PaymentIntent is cancelled FIRST (so it can no longer be
 * paid), then the order is `expired` and its ids released. An intent that went ahead is not
 * cancelled: a succeeded one is applied now as its webhook would be (a webhook that never came, a
 * rotated secret: the buyer is never charged for nothing), a processing one is left for later.
 */
async function expireOne(db: Db, stripe: Stripe, order: Due, now: Date): Promise<boolean> {
  if (order.paymentIntentId) {
    const cancelled = await cancelIntent(stripe, { ...order, paymentIntentId: order.paymentIntentId });
    if (cancelled !== "cancelled") {
      if (cancelled.status === "succeeded") {
        const event = { id: `evt_reconciled_${cancelled.id}`, type: "payment_intent.succeeded", data: { object: cancelled } } as unknown as Stripe.Event;
        await handleStripeEvent(db, event);
      }
      return false;
    }
  }
  return db.transaction(async (tx) => {
    if (!(await moveOrder(tx, order.id, { to: "expired", from: ["created"], reason: EXPIRED_REASON }))) return false;
    await tx
      .update(reservations)
      .set({ releasedAt: now, releaseReason: "expired" })
      .where(and(eq(reservations.orderId, order.id), isNull(reservations.releasedAt)));
    return true;
  });
}

/**
 * Ends the card orders whose hold ran out unpaid (`expireOne` each; one failing, e.g. Stripe away,
 * is logged and tried again next time, the others go on). A payment that succeeds after the release
 * anyway is refunded by the webhook. Returns how many orders expired.
 */
export async function expireCardOrders(db: Db, stripe: Stripe, logger: Pick<Logger, "warn">, now = new Date()): Promise<number> {
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
    try {
      if (await expireOne(db, stripe, order, now)) expired += 1;
    } catch (error) {
      logger.warn({ err: error, orderId: order.id }, "could not expire a card order now; trying again later");
    }
  }
  return expired;
}
