import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Address } from "viem";
import type { Db } from "../db/openDatabase.ts";
import { reservations } from "../db/schema.ts";

/** The ids `address` holds live reservations for, with the chain each is for. */
export async function liveIdsOf(db: Db, address: Address): Promise<{ tokenId: number; chainId: number }[]> {
  return db
    .select({ tokenId: reservations.tokenId, chainId: reservations.chainId })
    .from(reservations)
    .where(and(isNull(reservations.releasedAt), eq(reservations.address, address)));
}

/** Live holds of `tokenIds` by anyone but `address` on `chainId`: what a reservation would clash with. */
export async function heldByOthers(db: Db, p: { tokenIds: readonly number[]; address: Address; chainId: number }): Promise<{ tokenId: number; holdUntil: Date }[]> {
  const rows = await db
    .select({ tokenId: reservations.tokenId, address: reservations.address, chainId: reservations.chainId, holdUntil: reservations.holdUntil })
    .from(reservations)
    .where(and(isNull(reservations.releasedAt), inArray(reservations.tokenId, [...p.tokenIds])));
  return rows.filter((row) => row.address !== p.address || row.chainId !== p.chainId);
}
