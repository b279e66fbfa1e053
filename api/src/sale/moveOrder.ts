import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db, DbTransaction } from "../db/openDatabase.ts";
import { cardOrders, type CardOrderState } from "../db/tables/cardOrders.ts";
import { statesBefore } from "./cardOrderStates.ts";

export interface OrderMove {
  to: CardOrderState;
  /** Only from these states (default: every state allowed to move to `to`). */
  from?: readonly CardOrderState[];
  /** Why, for the buyer; null clears an earlier one (a decline, once a later card paid). */
  reason?: string | null;
  refundId?: string;
}

/**
 * Moves an order to `move.to` when it is in a state that allows it, in one conditional update
 * (two processes handling the same order: one wins). Returns whether it moved.
 */
export async function moveOrder(db: Db | DbTransaction, orderId: string, move: OrderMove): Promise<boolean> {
  const allowed = statesBefore(move.to).filter((state) => move.from === undefined || move.from.includes(state));
  if (allowed.length === 0) return false;
  const rows = await db
    .update(cardOrders)
    .set({
      state: move.to,
      updatedAt: sql`now()`,
      // The first payment recorded starts the cooling-off before Mint to Wallet.
      ...(move.to === "paid" ? { paidAt: sql`coalesce(${cardOrders.paidAt}, now())` } : {}),
      ...(move.reason === undefined ? {} : { reason: move.reason }),
      ...(move.refundId === undefined ? {} : { refundId: move.refundId }),
    })
    .where(and(eq(cardOrders.id, orderId), inArray(cardOrders.state, allowed)))
    .returning({ id: cardOrders.id });
  return rows.length > 0;
}
