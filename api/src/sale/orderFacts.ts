import { and, eq, sql } from "drizzle-orm";
import type { Db, DbTransaction } from "../db/openDatabase.ts";
import { cardOrders } from "../db/tables/cardOrders.ts";
import type { CardOrderRow } from "./cardOrderRows.ts";

// What the fulfilment worker learns about an order while it mints, refunds or checks its payment:
// each fact has its own write, the order's state moves only through moveOrder.ts.

/** The order, or undefined; `lock`: row-locked in the caller's transaction. */
export async function cardOrderById(db: Db | DbTransaction, orderId: string, options: { lock?: boolean } = {}): Promise<CardOrderRow | undefined> {
  const query = db.select().from(cardOrders).where(eq(cardOrders.id, orderId));
  const [order] = options.lock ? await query.for("update") : await query;
  return order;
}

/** The custody mint's transaction the buyer is shown (null: none, e.g. one a reorg dropped); `whileMinting`: only an order still minting. */
export async function recordMintTx(tx: Db | DbTransaction, orderId: string, hash: string | null, options: { whileMinting?: boolean } = {}): Promise<void> {
  await tx
    .update(cardOrders)
    .set({ mintTxHash: hash })
    .where(and(eq(cardOrders.id, orderId), ...(options.whileMinting ? [eq(cardOrders.state, "minting")] : [])));
}

/** Stripe's refund of the order. */
export async function recordRefundId(db: Db | DbTransaction, orderId: string, refundId: string): Promise<void> {
  await db.update(cardOrders).set({ refundId }).where(eq(cardOrders.id, orderId));
}

/** Why the payment could not be verified (null: it can now). */
export async function recordPaymentProblem(tx: Db | DbTransaction, orderId: string, problem: string | null): Promise<void> {
  await tx.update(cardOrders).set({ paymentProblem: problem }).where(eq(cardOrders.id, orderId));
}

/** The payment was verified with Stripe itself. */
export async function markPaymentVerified(tx: Db | DbTransaction, orderId: string): Promise<void> {
  await tx.update(cardOrders).set({ paymentVerifiedAt: sql`now()` }).where(eq(cardOrders.id, orderId));
}

/** A freeze that the payment's facts no longer justify ends. */
export async function clearFreeze(tx: Db | DbTransaction, orderId: string): Promise<void> {
  await tx.update(cardOrders).set({ frozenReason: null, frozenAt: null, frozenForGood: false }).where(eq(cardOrders.id, orderId));
}

/** How many of the payment's Stripe events the checks have seen (never goes back). */
export async function recordPaymentEventsChecked(tx: Db | DbTransaction, orderId: string, seen: number): Promise<void> {
  await tx
    .update(cardOrders)
    .set({ paymentEventsChecked: sql`greatest(${cardOrders.paymentEventsChecked}, ${seen})` })
    .where(eq(cardOrders.id, orderId));
}
