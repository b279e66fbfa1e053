import { and, eq, isNull } from "drizzle-orm";
import type { Db, DbTransaction } from "../db/openDatabase.ts";
import { reservations } from "../db/tables/reservations.ts";

/**
 * Ends the live holds of a card order that will not be paid: its ids are buyable again. `expired`
 * (its unpaid hold ran out) makes them cool down for the buyer (reserveTokens.ts, checkCooldown);
 * `cancelled` does not. Returns how many.
 */
export async function releaseOrderHolds(db: Db | DbTransaction, orderId: string, reason: "cancelled" | "expired", now = new Date()): Promise<number> {
  const rows = await db
    .update(reservations)
    .set({ releasedAt: now, releaseReason: reason })
    .where(and(eq(reservations.orderId, orderId), isNull(reservations.releasedAt)))
    .returning({ id: reservations.id });
  return rows.length;
}
