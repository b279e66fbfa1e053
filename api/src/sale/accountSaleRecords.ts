import { asc, eq } from "drizzle-orm";
import type { Db, DbTransaction } from "../db/openDatabase.ts";
import { cardOrders } from "../db/tables/cardOrders.ts";
import { reservations } from "../db/tables/reservations.ts";

/** An account's card and freemint orders and its holds, oldest first: what its data export shows of the sale. */
export async function saleRecordsOf(
  db: Db,
  userId: number,
): Promise<{ orders: (typeof cardOrders.$inferSelect)[]; holds: (typeof reservations.$inferSelect)[] }> {
  const [orders, holds] = await Promise.all([
    db.select().from(cardOrders).where(eq(cardOrders.userId, userId)).orderBy(asc(cardOrders.createdAt)),
    db.select().from(reservations).where(eq(reservations.userId, userId)).orderBy(asc(reservations.id)),
  ]);
  return { orders, holds };
}

/** An account merged into another (users/moveAccount.ts): its holds and card orders, live or past, follow it. */
export async function moveSaleRecords(tx: DbTransaction, fromUserId: number, toUserId: number): Promise<void> {
  await tx.update(reservations).set({ userId: toUserId }).where(eq(reservations.userId, fromUserId));
  await tx.update(cardOrders).set({ userId: toUserId }).where(eq(cardOrders.userId, fromUserId));
}

/** A deleted account's past holds stay (the cooldown, the sale's history) without the client they came from. */
export async function forgetHoldClients(tx: DbTransaction, userId: number): Promise<void> {
  await tx.update(reservations).set({ clientKey: "" }).where(eq(reservations.userId, userId));
}
