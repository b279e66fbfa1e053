import { and, arrayOverlaps, inArray } from "drizzle-orm";
import type { Db } from "../db/openDatabase.ts";
import { cardOrders } from "../db/tables/cardOrders.ts";

/** What Mint to Wallet waits for on a Pix custody holds for its buyer. */
export interface CustodyStatus {
  orderId: string;
  source: "card" | "freemint";
  /** When the cooling-off after the card payment ends; null: none (a freemint Pix, or CARD_TRANSFER_HOLD_SECONDS=0). */
  transferableFrom: Date | null;
  frozen: { reason: string; forGood: boolean } | null;
}

/**
 * The order behind each of `tokenIds` still sold to its buyer (paid, minting or minted, the id not
 * refunded), with its cooling-off counted from the payment (the order's creation for orders paid
 * before that was recorded) and its freeze.
 */
export async function custodyStatusOf(db: Db, tokenIds: readonly number[], holdSeconds: number): Promise<Map<number, CustodyStatus>> {
  const statuses = new Map<number, CustodyStatus>();
  if (tokenIds.length === 0) return statuses;
  const rows = await db
    .select()
    .from(cardOrders)
    .where(and(inArray(cardOrders.state, ["paid", "minting", "minted"]), arrayOverlaps(cardOrders.tokenIds, [...tokenIds])));
  for (const order of rows) {
    const paidAt = order.paidAt ?? order.createdAt;
    const status: CustodyStatus = {
      orderId: order.id,
      source: order.source,
      transferableFrom: order.source === "card" && holdSeconds > 0 ? new Date(paidAt.getTime() + holdSeconds * 1000) : null,
      frozen: order.frozenReason === null ? null : { reason: order.frozenReason, forGood: order.frozenForGood },
    };
    for (const id of order.tokenIds) if (tokenIds.includes(id) && !order.refundedTokenIds.includes(id)) statuses.set(id, status);
  }
  return statuses;
}
