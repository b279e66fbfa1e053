import { and, eq, isNull } from "drizzle-orm";
import type { Address } from "viem";
import type { Db } from "../db/openDatabase.ts";
import { reservations } from "../db/schema.ts";

/** The ids `address` holds live reservations for (any chain). */
export async function liveIdsOf(db: Db, address: Address): Promise<number[]> {
  const rows = await db
    .select({ tokenId: reservations.tokenId })
    .from(reservations)
    .where(and(isNull(reservations.releasedAt), eq(reservations.address, address)));
  return rows.map((row) => row.tokenId);
}
