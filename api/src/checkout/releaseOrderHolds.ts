import { and, eq, isNull } from "drizzle-orm";
import type { Db, DbTransaction } from "../db/openDatabase.ts";
import { reservations } from "../db/schema.ts";

/** Ends the live holds of a card order whose payment failed or was cancelled: its ids are buyable again. Returns how many. */
export async function releaseOrderHolds(db: Db | DbTransaction, orderId: string, now = new Date()): Promise<number> {
  const rows = await db
    .update(reservations)
    .set({ releasedAt: now, releaseReason: "cancelled" })
    .where(and(eq(reservations.orderId, orderId), isNull(reservations.releasedAt)))
    .returning({ id: reservations.id });
  return rows.length;
}
