import { isNull } from "drizzle-orm";
import type { Db } from "../db/openDatabase.ts";
import { reservations } from "../db/tables/reservations.ts";

/** Ids held by a live reservation (released_at null), with the earliest time each may be released. */
export async function liveReservations(db: Db): Promise<Map<number, Date>> {
  const rows = await db.select({ tokenId: reservations.tokenId, holdUntil: reservations.holdUntil }).from(reservations).where(isNull(reservations.releasedAt));
  return new Map(rows.map((row) => [row.tokenId, row.holdUntil]));
}
