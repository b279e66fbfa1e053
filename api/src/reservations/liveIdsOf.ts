import { and, eq, isNull } from "drizzle-orm";
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
