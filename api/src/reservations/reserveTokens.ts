import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { Address } from "viem";
import { COLLECTION } from "@pixlings/shared/collection";
import type { Db } from "../db/openDatabase.ts";
import { reservations } from "../db/schema.ts";
import { conflict, type HttpError } from "../http/HttpError.ts";

export interface ReserveRequest {
  userId: number;
  /** The voucher's recipient, EIP-55 checksummed. */
  address: Address;
  chainId: number;
  tokenIds: readonly number[];
  deadline: Date;
  /** `deadline` plus the skew margin: the earliest instant of chain time the ids may be released. */
  holdUntil: Date;
  /** Pix the address holds on every chain (indexer), counted against the wallet cap. */
  owned: number;
  /** Ids the indexer says are minted: a live reservation of one of them counts as owned, not reserved. */
  mintedIds: ReadonlySet<number>;
}

/** Advisory lock namespace ("PIX"): serializes the cap checks of one address across connections. */
const ADDRESS_LOCK = 0x504958;
const UNIQUE_VIOLATION = "23505";
const MAX = COLLECTION.maxPerWallet;

const clock = (date: Date): string => `${date.toISOString().slice(11, 19)} UTC`;

function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) if (e.code === UNIQUE_VIOLATION) return true;
  return false;
}

/** 409 "reserved" naming the held ids and the latest instant any of them may be released. */
function reservedConflict(rows: readonly { tokenId: number; holdUntil: Date }[]): HttpError {
  const until = new Date(Math.max(...rows.map((r) => r.holdUntil.getTime())));
  const ids = rows.map((r) => r.tokenId).sort((a, b) => a - b);
  return conflict("reserved", `Pix #${ids[0]} is reserved until ${clock(until)}`, { tokenIds: ids, reservedUntil: until.toISOString() });
}

/**
 * Reserves `tokenIds` for `address` on `chainId` in one transaction, or throws 409: ids held by
 * another address or for another chain ("reserved"), more than 10 live reservations
 * ("reservation_cap"), more than 10 owned + reserved + new ("wallet_cap"). The address's own ids
 * on the same chain are renewed (holdUntil only ever grows). Returns the latest holdUntil of the ids.
 * Races between addresses end at the unique index (one live row per id): the loser gets 409, never 500.
 */
export async function reserveTokens(db: Db, r: ReserveRequest): Promise<Date> {
  try {
    return await db.transaction(async (tx) => {
      // Two requests of one address must not both pass the caps (Postgres runs them concurrently).
      await tx.execute(sql`select pg_advisory_xact_lock(${ADDRESS_LOCK}, hashtext(${r.address}))`);
      const live = await tx
        .select({ tokenId: reservations.tokenId, address: reservations.address, chainId: reservations.chainId, holdUntil: reservations.holdUntil })
        .from(reservations)
        .where(and(isNull(reservations.releasedAt), or(inArray(reservations.tokenId, [...r.tokenIds]), eq(reservations.address, r.address))));
      const requested = new Set(r.tokenIds);
      const taken = live.filter((row) => requested.has(row.tokenId) && (row.address !== r.address || row.chainId !== r.chainId));
      if (taken.length > 0) throw reservedConflict(taken);

      const pending = live.filter((row) => row.address === r.address && !r.mintedIds.has(row.tokenId));
      const renewing = r.tokenIds.filter((id) => live.some((row) => row.tokenId === id));
      const fresh = r.tokenIds.filter((id) => !renewing.includes(id));
      if (pending.length + fresh.length > MAX) {
        throw conflict("reservation_cap", `You can hold at most ${MAX} reserved Pix at a time; you hold ${pending.length}`, { limit: MAX, reserved: pending.length });
      }
      if (r.owned + pending.length + fresh.length > MAX) {
        throw conflict("wallet_cap", `At most ${MAX} Pix per wallet across chains: you own ${r.owned} and have ${pending.length} reserved`, {
          limit: MAX,
          owned: r.owned,
          reserved: pending.length,
        });
      }

      let holdUntil = r.holdUntil;
      if (renewing.length > 0) {
        const renewed = await tx
          .update(reservations)
          .set({
            deadline: sql`greatest(${reservations.deadline}, ${r.deadline.toISOString()}::timestamptz)`,
            holdUntil: sql`greatest(${reservations.holdUntil}, ${r.holdUntil.toISOString()}::timestamptz)`,
          })
          .where(and(isNull(reservations.releasedAt), eq(reservations.address, r.address), eq(reservations.chainId, r.chainId), inArray(reservations.tokenId, renewing)))
          .returning({ holdUntil: reservations.holdUntil });
        for (const row of renewed) if (row.holdUntil > holdUntil) holdUntil = row.holdUntil;
      }
      if (fresh.length > 0) {
        await tx
          .insert(reservations)
          .values(fresh.map((tokenId) => ({ tokenId, address: r.address, userId: r.userId, chainId: r.chainId, deadline: r.deadline, holdUntil: r.holdUntil })));
      }
      return holdUntil;
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Another address's transaction reserved one of the ids between our read and our insert.
    const winners = (
      await db
        .select({ tokenId: reservations.tokenId, address: reservations.address, chainId: reservations.chainId, holdUntil: reservations.holdUntil })
        .from(reservations)
        .where(and(isNull(reservations.releasedAt), inArray(reservations.tokenId, [...r.tokenIds])))
    ).filter((row) => row.address !== r.address || row.chainId !== r.chainId);
    throw winners.length > 0 ? reservedConflict(winners) : conflict("reserved", "Another buyer reserved one of these Pix a moment ago", { tokenIds: [...r.tokenIds] });
  }
}
