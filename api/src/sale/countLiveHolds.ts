import { count, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/openDatabase.ts";
import { reservations } from "../db/tables/reservations.ts";

/** How many ids are held now (released_at null), by kind: a voucher's (crypto) or a card order's (card). */
export async function countLiveHolds(db: Db): Promise<{ crypto: number; card: number }> {
  const card = sql<boolean>`${reservations.orderId} is not null`;
  const rows = await db.select({ card, n: count() }).from(reservations).where(isNull(reservations.releasedAt)).groupBy(card);
  return { crypto: Number(rows.find((r) => !r.card)?.n ?? 0), card: Number(rows.find((r) => r.card)?.n ?? 0) };
}
