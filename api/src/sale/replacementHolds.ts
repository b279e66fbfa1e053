import { and, eq, isNull } from "drizzle-orm";
import type { Db, DbTransaction } from "../db/openDatabase.ts";
import { cardOrders } from "../db/tables/cardOrders.ts";
import { reservations } from "../db/tables/reservations.ts";

// An art replacement holds its Pix in the sale's one-live-hold-per-id table while new art is
// written (review/approveSubmission.ts): no sale can start on it meanwhile, and it starts none.

/** The live hold of `tokenId`, whoever holds it. */
export async function liveHoldOf(tx: DbTransaction, tokenId: number): Promise<{ holdUntil: Date; address: string; orderId: string | null } | undefined> {
  const [held] = await tx
    .select({ holdUntil: reservations.holdUntil, address: reservations.address, orderId: reservations.orderId })
    .from(reservations)
    .where(and(eq(reservations.tokenId, tokenId), isNull(reservations.releasedAt)));
  return held;
}

/** A card order's state, or undefined for no such order. */
export async function cardOrderState(db: Db, orderId: string): Promise<string | undefined> {
  const [order] = await db.select({ state: cardOrders.state }).from(cardOrders).where(eq(cardOrders.id, orderId));
  return order?.state;
}

/** Holds `tokenId` for a replacement until it is done; returns the hold's id. */
export async function holdForReplacement(
  tx: DbTransaction,
  hold: { tokenId: number; address: string; userId: number; chainId: number; until: Date },
): Promise<number> {
  const [row] = await tx
    .insert(reservations)
    .values({ tokenId: hold.tokenId, address: hold.address, userId: hold.userId, chainId: hold.chainId, deadline: hold.until, holdUntil: hold.until })
    .returning({ id: reservations.id });
  if (!row) throw new Error(`no hold stored for Pix #${hold.tokenId}`);
  return row.id;
}

/** The replacement is done: its hold ends as `art_replaced`. */
export async function releaseReplacementHold(tx: DbTransaction, reservationId: number, now: Date): Promise<void> {
  await tx
    .update(reservations)
    .set({ releasedAt: now, releaseReason: "art_replaced" })
    .where(and(eq(reservations.id, reservationId), isNull(reservations.releasedAt)));
}

/** The replacement never happened (refused, abandoned): its hold leaves no trace. */
export async function dropReplacementHold(tx: DbTransaction, reservationId: number): Promise<void> {
  await tx.delete(reservations).where(eq(reservations.id, reservationId));
}
