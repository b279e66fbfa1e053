import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { DbTransaction } from "../db/openDatabase.ts";
import { cardOrders } from "../db/tables/cardOrders.ts";
import { freemintCards } from "../db/tables/freemintCards.ts";
import { orderJobs } from "../db/tables/orderJobs.ts";
import { reservations } from "../db/tables/reservations.ts";
import { moveOrder } from "./moveOrder.ts";

export interface RefundDecision {
  orderId: string;
  /** The ids the buyer does not get. */
  tokenIds: readonly number[];
  /** Why, in a sentence for the buyer. */
  reason: string;
  /** USD cents to give back when it is not the ids' own prices (a payment that did not match the order: all of it). */
  cents?: number;
  /** Ask Stripe for everything left on the charge (a payment in another currency or amount than the order's). */
  wholeCharge?: boolean;
  /** The money went back through Stripe already (a refund made there, a lost chargeback): recorded, nothing asked of Stripe. */
  alreadyReturned?: boolean;
}

type Order = typeof cardOrders.$inferSelect;

/** What `ids` cost in the order; undefined when the order does not say (then the whole payment goes back). */
function centsOf(order: Order, ids: readonly number[]): number | undefined {
  if (order.tokenCents.length !== order.tokenIds.length) return undefined;
  return ids.reduce((sum, id) => sum + (order.tokenCents[order.tokenIds.indexOf(id)] ?? 0), 0);
}

/**
 * Decides, once, that an order gives back what `tokenIds` cost, in the caller's transaction: under
 * the order's row lock only ids not refunded before count (a decision taken twice, by a retried
 * run or a second process, adds nothing); their cents are added to `refundedCents`, a freemint
 * card gets their slots back, their holds end, and for money to give back a `refund` job is queued
 * (the worker asks Stripe, outside any transaction, keyed by the job). The order ends `refunded`
 * once no id is left. Returns the ids newly refunded.
 */
export async function recordRefund(tx: DbTransaction, d: RefundDecision): Promise<number[]> {
  const [order] = await tx.select().from(cardOrders).where(eq(cardOrders.id, d.orderId)).for("update");
  if (!order) throw new Error(`no order ${d.orderId} to refund`);
  const ids = [...new Set(d.tokenIds)].filter((id) => order.tokenIds.includes(id) && !order.refundedTokenIds.includes(id)).sort((a, b) => a - b);
  if (ids.length === 0) return [];
  const left = order.amountCents - order.refundedCents;
  const cents = Math.min(left, d.cents ?? centsOf(order, ids) ?? left);
  await tx
    .update(cardOrders)
    .set({
      refundedTokenIds: [...order.refundedTokenIds, ...ids].sort((a, b) => a - b),
      refundedCents: order.refundedCents + cents,
      reason: d.reason,
      updatedAt: sql`now()`,
    })
    .where(eq(cardOrders.id, order.id));
  await tx
    .update(reservations)
    .set({ releasedAt: new Date(), releaseReason: "cancelled" })
    .where(and(eq(reservations.orderId, order.id), inArray(reservations.tokenId, ids), isNull(reservations.releasedAt)));
  if (order.freemintCardId !== null) {
    await tx
      .update(freemintCards)
      .set({ usedSlots: sql`${freemintCards.usedSlots} - ${ids.length}`, redeemedAt: null })
      .where(eq(freemintCards.id, order.freemintCardId));
  }
  if (cents > 0 && !d.alreadyReturned) {
    await tx.insert(orderJobs).values({ kind: "refund", orderId: order.id, tokenIds: ids, amountCents: d.wholeCharge ? null : cents, chainId: order.chainId });
  }
  if (order.tokenIds.every((id) => ids.includes(id) || order.refundedTokenIds.includes(id)))
    await moveOrder(tx, order.id, { to: "refunded", reason: d.reason });
  return ids;
}
