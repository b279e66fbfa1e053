import { and, eq, gt, isNotNull, isNull, sql } from "drizzle-orm";
import type Stripe from "stripe";
import type { CheckoutResponse } from "@pixlings/shared/http/checkout";
import type { Db } from "../db/openDatabase.ts";
import { cardOrders } from "../db/tables/cardOrders.ts";
import { reservations } from "../db/tables/reservations.ts";

/**
 * The buyer's own unpaid order for exactly these ids, while it still holds them all: a checkout
 * asked again (a lost answer, a double click, a reload) resumes it with the same PaymentIntent
 * instead of being refused as "reserved" by the buyer's own hold.
 */
export async function resumeLiveOrder(db: Db, stripe: Stripe, userId: number, tokenIds: readonly number[]): Promise<CheckoutResponse | undefined> {
  const sorted = [...tokenIds].sort((a, b) => a - b);
  const [order] = await db
    .select({ id: cardOrders.id, amount: cardOrders.amountCents, paymentIntentId: cardOrders.paymentIntentId })
    .from(cardOrders)
    .where(
      and(
        eq(cardOrders.userId, userId),
        eq(cardOrders.state, "created"),
        isNotNull(cardOrders.paymentIntentId),
        sql`array(select unnest(${cardOrders.tokenIds}) order by 1) = ${sql.param(sorted)}::int[]`,
      ),
    )
    .limit(1);
  if (!order?.paymentIntentId) return undefined;
  const live = await db
    .select({ tokenId: reservations.tokenId })
    .from(reservations)
    .where(and(eq(reservations.orderId, order.id), isNull(reservations.releasedAt), gt(reservations.holdUntil, new Date())));
  if (live.length !== sorted.length) return undefined;
  const intent = await stripe.paymentIntents.retrieve(order.paymentIntentId);
  if (!intent.client_secret || intent.status === "canceled" || intent.status === "succeeded") return undefined;
  return { clientSecret: intent.client_secret, orderId: order.id, amount: order.amount };
}
