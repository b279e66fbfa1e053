import { sql, type SQL } from "drizzle-orm";
import type { Address } from "viem";
import { z } from "zod";
import type { Db } from "../db/openDatabase.ts";
import { intArray } from "../db/preparedSql.ts";
import { reservations } from "../db/tables/reservations.ts";

export interface LiveHold {
  tokenId: number;
  address: string;
  chainId: number;
  holdUntil: Date;
}

/** Which rows are the live holds of `address` (any chain; a value or an expression) and of anyone on `tokenIds` (an `integer[]` value or expression). */
const liveHoldsAroundWhere = (address: Address | SQL, tokenIds: SQL): SQL =>
  sql`${reservations.releasedAt} is null and (${reservations.address} = ${address} or ${reservations.tokenId} = any(${tokenIds}))`;

/**
 * The same holds as one JSON array (null for none) inside a bigger statement, the ids as one
 * `integer[]` value (one statement text whatever their number); `LiveHoldsJson` reads it.
 */
export const liveHoldsAroundJson = (address: SQL, tokenIds: SQL): SQL =>
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
    .where(liveHoldsAroundWhere(address, sql`${intArray(tokenIds)}::integer[]`));
}
