import { and, eq, exists, isNull, lt, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type Stripe from "stripe";
import type { Db } from "../db/openDatabase.ts";
import { cardOrders } from "../db/tables/cardOrders.ts";
import { reservations } from "../db/tables/reservations.ts";
import { EXPIRED_REASON } from "./expiredReason.ts";
import { handleStripeEvent } from "./handleStripeEvent.ts";
import { moveOrder } from "./moveOrder.ts";
import { releaseOrderHolds } from "./releaseOrderHolds.ts";

type Due = { id: string; paymentIntentId: string | null; createdAt: Date };

/** PaymentIntent statuses that say a card was submitted and is being paid: the hold lasts the order's time. */
const SUBMITTED: ReadonlySet<Stripe.PaymentIntent.Status> = new Set(["processing", "requires_action", "requires_capture"]);

/**
 * Cancels the order's PaymentIntent, or says why it cannot: "cancelled" (now, before, or it is gone),
 * or the intent itself when it went ahead (succeeded or still processing).
 */
async function cancelIntent(stripe: Stripe, order: Due & { paymentIntentId: string }): Promise<"cancelled" | Stripe.PaymentIntent> {
  try {
    // No fixed idempotency key: a cancel refused while the intent was processing must be asked again later.
    await stripe.paymentIntents.cancel(order.paymentIntentId, { cancellation_reason: "abandoned" });
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
 * One order whose hold ran out unpaid. How "a card was submitted" is known without trusting the
 * browser: the PaymentIntent is read from Stripe. Submitted (processing, or waiting for the bank's
 * 3D Secure check) and the order's time (`orderSeconds` from its creation) not over: the hold is
 * extended to that time, once. Otherwise the PaymentIntent is cancelled FIRST (so it can no longer
 * be paid), then the order is `expired` and its ids released as `expired` (they cool down for the
 * buyer and their client). An intent that went ahead is not cancelled: a succeeded one is applied
 * now as its webhook would be (a webhook that never came, a rotated secret: the buyer is never
 * charged for nothing), a processing one past the order's time is left for its webhook.
 */
async function expireOne(db: Db, stripe: Stripe, order: Due, now: Date, orderSeconds: number): Promise<boolean> {
  if (order.paymentIntentId) {
    const orderEnds = new Date(order.createdAt.getTime() + orderSeconds * 1000);
    if (orderEnds > now) {
      const intent = await stripe.paymentIntents.retrieve(order.paymentIntentId);
      if (SUBMITTED.has(intent.status)) {
        await extendHold(db, order.id, orderEnds);
        return false;
      }
    }
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
    await releaseOrderHolds(tx, order.id, "expired", now);
    return true;
  });
}

/** A submitted card's order keeps its ids until `until` (never shortened; only while unpaid). */
async function extendHold(db: Db, orderId: string, until: Date): Promise<void> {
  await db
    .update(reservations)
    .set({ holdUntil: until, deadline: until })
    .where(and(eq(reservations.orderId, orderId), isNull(reservations.releasedAt), lt(reservations.holdUntil, until)));
}

/**
 * Ends the card orders whose hold ran out unpaid (`expireOne` each; one failing, e.g. Stripe away,
 * is logged and tried again next time, the others go on). A payment that succeeds after the release
 * anyway is refunded by the webhook. Returns how many orders expired.
 */
export async function expireCardOrders(db: Db, stripe: Stripe, logger: Pick<Logger, "warn">, orderSeconds: number, now = new Date()): Promise<number> {
  const due = await db
    .select({ id: cardOrders.id, paymentIntentId: cardOrders.paymentIntentId, createdAt: cardOrders.createdAt })
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
      if (await expireOne(db, stripe, order, now, orderSeconds)) expired += 1;
    } catch (error) {
      logger.warn({ err: error, orderId: order.id }, "could not expire a card order now; trying again later");
    }
  }
  return expired;
}
