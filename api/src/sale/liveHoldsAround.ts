import { and, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Address } from "viem";
import { z } from "zod";
import type { Db } from "../db/openDatabase.ts";
import { reservations } from "../db/tables/reservations.ts";

export interface LiveHold {
  tokenId: number;
  address: string;
  chainId: number;
  holdUntil: Date;
}

/** Which rows are the live holds of `address` (any chain; a value or an expression) and of anyone on `tokenIds`. */
const liveHoldsAroundWhere = (address: Address | SQL, tokenIds: readonly number[]): SQL =>
  and(isNull(reservations.releasedAt), or(eq(reservations.address, address), inArray(reservations.tokenId, [...tokenIds]))) as SQL;

/** The same holds as one JSON array (null for none) inside a bigger statement; `LiveHoldsJson` reads it. */
export const liveHoldsAroundJson = (address: SQL, tokenIds: readonly number[]): SQL =>
  sql`(select json_agg(json_build_object('tokenId', ${reservations.tokenId}, 'address', ${reservations.address}, 'chainId', ${reservations.chainId}, 'holdUntil', ${reservations.holdUntil}))
    from ${reservations} where ${liveHoldsAroundWhere(address, tokenIds)})`;

/** `liveHoldsAroundJson`'s value as `LiveHold`s. */
export const LiveHoldsJson = z
  .array(z.object({ tokenId: z.number(), address: z.string(), chainId: z.number(), holdUntil: z.string().transform((at) => new Date(at)) }))
  .nullable()
  .transform((holds): LiveHold[] => holds ?? []);

/** The live holds of `address` (any chain) and of anyone on `tokenIds`: what a new order meets. */
export async function liveHoldsAround(db: Db, address: Address, tokenIds: readonly number[]): Promise<LiveHold[]> {
  return db
    .select({ tokenId: reservations.tokenId, address: reservations.address, chainId: reservations.chainId, holdUntil: reservations.holdUntil })
    .from(reservations)
    .where(liveHoldsAroundWhere(address, tokenIds));
}
