import { and, eq, inArray, isNull, lt } from "drizzle-orm";
import type { Db } from "../db/openDatabase.ts";
import { reservations } from "../db/schema.ts";

/**
 * Releases the live reservations of every chain whose indexed time has passed their holdUntil
 * (`times`: chain id -> indexed block timestamp in unix seconds). Returns how many were released.
 */
export async function releaseExpired(db: Db, times: ReadonlyMap<number, number>, now = new Date()): Promise<number> {
  let released = 0;
  for (const [chainId, seconds] of times) {
    const rows = await db
      .update(reservations)
      .set({ releasedAt: now })
      .where(and(isNull(reservations.releasedAt), eq(reservations.chainId, chainId), lt(reservations.holdUntil, new Date(seconds * 1000))))
      .returning({ id: reservations.id });
    released += rows.length;
  }
  return released;
}

/** Releases the live reservations of ids now minted (the chain holds them; nothing left to hold). */
export async function releaseMinted(db: Db, tokenIds: readonly number[], now = new Date()): Promise<number> {
  if (tokenIds.length === 0) return 0;
  const rows = await db
    .update(reservations)
    .set({ releasedAt: now })
    .where(and(isNull(reservations.releasedAt), inArray(reservations.tokenId, [...tokenIds])))
    .returning({ id: reservations.id });
  return rows.length;
}
