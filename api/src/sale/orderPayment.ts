import { and, eq, isNull, min } from "drizzle-orm";
import type Stripe from "stripe";
import type { CardOrderPayment } from "@pixlings/shared/http/checkout";
import type { Db } from "../db/openDatabase.ts";
import type { cardOrders } from "../db/tables/cardOrders.ts";
import { reservations } from "../db/tables/reservations.ts";
import { HttpError } from "../http/HttpError.ts";

/** PaymentIntent statuses a card form can still confirm. */
const PAYABLE: ReadonlySet<Stripe.PaymentIntent.Status> = new Set(["requires_payment_method", "requires_confirmation", "requires_action"]);

const notPayable = (): HttpError => new HttpError(409, "This order no longer waits for a payment");

/**
 * What the card form needs for the buyer's own order (`order`: already checked to be theirs): the
 * PaymentIntent's client secret, read from Stripe, while the order waits for a payment and still
 * holds its Pix; 409 otherwise. The secret travels only in this answer (no-store), never in a URL.
 */
export async function orderPayment(db: Db, stripe: Stripe, order: typeof cardOrders.$inferSelect): Promise<CardOrderPayment> {
  if (order.state !== "created" || order.source !== "card" || !order.paymentIntentId) throw notPayable();
  const [held] = await db
    .select({ until: min(reservations.holdUntil) })
    .from(reservations)
    .where(and(eq(reservations.orderId, order.id), isNull(reservations.releasedAt)));
  if (!held?.until) throw notPayable();
  let intent: Stripe.PaymentIntent;
  try {
    intent = await stripe.paymentIntents.retrieve(order.paymentIntentId);
  } catch {
    throw new HttpError(503, "Card payments are unavailable right now: please try again in a moment");
  }
  if (!intent.client_secret || !PAYABLE.has(intent.status)) throw notPayable();
  return { clientSecret: intent.client_secret, heldUntil: held.until.toISOString() };
}
