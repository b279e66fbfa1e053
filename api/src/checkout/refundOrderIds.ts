import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type Stripe from "stripe";
import type { TierName } from "@pixlings/shared/tiers";
import type { Db } from "../db/openDatabase.ts";
import { cardOrders, freemintCards, reservations } from "../db/schema.ts";
import { CARD_PRICE_CENTS } from "./cardPrices.ts";
import { moveOrder } from "./moveOrder.ts";

type Order = typeof cardOrders.$inferSelect;

export interface RefundIds {
  order: Order;
  tokenIds: readonly number[];
  /** Why, in a sentence for the buyer. */
  reason: string;
  stripe: Stripe | undefined;
  tierOf(tokenId: number): Promise<TierName>;
}

/**
 * Gives a paid order's money back for ids it will not get: their card price through Stripe (keyed
 * by the order and the ids, so a retry refunds once), or a freemint card's slots; releases their
 * holds and records them on the order, which ends `refunded` once no id is left to mint.
 */
export async function refundOrderIds(db: Db, r: RefundIds): Promise<void> {
  const ids = [...new Set(r.tokenIds)].filter((id) => !r.order.refundedTokenIds.includes(id)).sort((a, b) => a - b);
  if (ids.length === 0) return;
  let cents = 0;
  let refundId: string | undefined;
  if (r.order.source === "card") {
    const prices = await Promise.all(ids.map(async (id) => CARD_PRICE_CENTS[await r.tierOf(id)]));
    cents = Math.min(
      prices.reduce((a, b) => a + b, 0),
      r.order.amountCents - r.order.refundedCents,
    );
    if (cents > 0) {
      if (!r.stripe || !r.order.paymentIntentId) throw new Error(`order ${r.order.id} needs a refund but card payments are off`);
      const refund = await r.stripe.refunds.create(
        { payment_intent: r.order.paymentIntentId, amount: cents, reason: "requested_by_customer", metadata: { orderId: r.order.id, tokenIds: ids.join(",") } },
        { idempotencyKey: `card-refund-${r.order.id}-${ids.join("-")}` },
      );
      refundId = refund.id;
    }
  }
  const allRefunded = r.order.tokenIds.every((id) => ids.includes(id) || r.order.refundedTokenIds.includes(id));
  await db.transaction(async (tx) => {
    await tx
      .update(cardOrders)
      .set({
        refundedTokenIds: sql`array(select distinct unnest(${cardOrders.refundedTokenIds} || ${sql.param(ids)}::int[]) order by 1)`,
        refundedCents: sql`${cardOrders.refundedCents} + ${cents}`,
        reason: r.reason,
        updatedAt: sql`now()`,
        ...(refundId ? { refundId } : {}),
      })
      .where(eq(cardOrders.id, r.order.id));
    await tx
      .update(reservations)
      .set({ releasedAt: new Date(), releaseReason: "cancelled" })
      .where(and(eq(reservations.orderId, r.order.id), inArray(reservations.tokenId, ids), isNull(reservations.releasedAt)));
    if (r.order.freemintCardId !== null) {
      await tx
        .update(freemintCards)
        .set({ usedSlots: sql`${freemintCards.usedSlots} - ${ids.length}`, redeemedAt: null })
        .where(eq(freemintCards.id, r.order.freemintCardId));
    }
    if (allRefunded) await moveOrder(tx, r.order.id, { to: "refunded", reason: r.reason });
  });
}
