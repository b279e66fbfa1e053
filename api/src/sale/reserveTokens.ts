import { and, eq, gt, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Address } from "viem";
import { z } from "zod";
import { COLLECTION } from "@pixlings/shared/collection";
import type { Db } from "../db/openDatabase.ts";
import { transactionsSerialized } from "../db/oneConnection.ts";
import { reservations } from "../db/tables/reservations.ts";
import { hasPgErrorCode, PG_ERROR } from "../db/pgErrorCode.ts";
import { intArray, preparedSql, type PreparedSql } from "../db/preparedSql.ts";
import { CodedError, unauthorized, type HttpError } from "../http/HttpError.ts";
import type { HoldLimits } from "./holdLimits.ts";

export interface ReserveRequest {
  userId: number;
  /** The voucher's recipient, EIP-55 checksummed. */
  address: Address;
  /** The requesting client (`clientKeyOf`). */
  clientKey: string;
  chainId: number;
  tokenIds: readonly number[];
  deadline: Date;
  /** `deadline` plus the skew margin: the earliest instant of chain time the ids may be released. */
  holdUntil: Date;
  /** Pix minted to the address on every chain (indexer), counted against the wallet cap. */
  minted: number;
  /** Ids the indexer says are minted: a live reservation of one of them counts as minted, not reserved. */
  mintedIds: ReadonlySet<number>;
  limits: Pick<HoldLimits, "perClient" | "maxRenewals" | "cooldownSeconds">;
}

export interface Reserved {
  /** The latest holdUntil of the requested ids. */
  holdUntil: Date;
  /** Rows this call inserted (not renewed): what `unreserve` may take back. */
  insertedIds: number[];
}

/** Advisory lock namespaces: serialize the cap checks of one client, and of one address. */
export const CLIENT_LOCK = 0x504958;
const ADDRESS_LOCK = 0x504959;
const MAX = COLLECTION.maxPerWallet;
const clock = (date: Date): string => `${date.toISOString().slice(11, 19)} UTC`;
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** How card holds' `address` starts (sale/cardHoldAddress.ts). */
export const CARD_HOLD_PREFIX = "card-order:";

/** 409 "reserved" naming the held ids and the latest instant any of them may be released. */
export function reservedConflict(rows: readonly { tokenId: number; holdUntil: Date }[]): HttpError {
  const until = new Date(Math.max(...rows.map((r) => r.holdUntil.getTime())));
  const ids = rows.map((r) => r.tokenId).sort((a, b) => a - b);
  return new CodedError(`Pix #${ids[0]} is reserved until ${clock(until)}`, { code: "reserved", tokenIds: ids, reservedUntil: until.toISOString() });
}

/** Who asks to hold ids, for the cooldown: the voucher's address (none for a card order), the account and the client. */
export interface CooldownAsker {
  address?: string | undefined;
  userId: number;
  clientKey: string;
}

/** The asker's holds of `tokenIds` that ran out unused since `since`: what makes a cooldown. */
function expiredUnusedSince(who: CooldownAsker, tokenIds: readonly number[], since: Date): SQL {
  return and(
    eq(reservations.releaseReason, "expired"),
    gt(reservations.releasedAt, since),
    inArray(reservations.tokenId, [...tokenIds]),
    or(
      ...(who.address === undefined ? [] : [eq(reservations.address, who.address)]),
      eq(reservations.userId, who.userId),
      eq(reservations.clientKey, who.clientKey),
    ),
  ) as SQL;
}

/** 429 "cooldown" for a hold of the asker's that ran out unused at `releasedAt`. */
function coolingDown(last: { tokenId: number; releasedAt: Date; address: string }, cooldownSeconds: number): HttpError {
  const until = new Date(last.releasedAt.getTime() + cooldownSeconds * 1000);
  const retryAfter = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000));
  const what = last.address.startsWith(CARD_HOLD_PREFIX) ? "checkout" : "voucher";
  return new CodedError(`Your ${what} for Pix #${last.tokenId} expired unused: you can reserve it again after ${clock(until)}`, {
    code: "cooldown",
    tokenIds: [last.tokenId],
    retryAfter,
  });
}

/**
 * 429 "cooldown" when the asker (the address, the account or the client) let a hold of one of
 * these ids run out unused lately: an expired voucher, or a card order whose unpaid hold ended.
 * One rule for both payment paths, so neither can re-hold what the other let go.
 */
export async function checkCooldown(tx: Tx, who: CooldownAsker, tokenIds: readonly number[], cooldownSeconds: number): Promise<void> {
  if (cooldownSeconds === 0 || tokenIds.length === 0) return;
  const since = new Date(Date.now() - cooldownSeconds * 1000);
  const rows = await tx
    .select({ tokenId: reservations.tokenId, releasedAt: reservations.releasedAt, address: reservations.address })
    .from(reservations)
    .where(expiredUnusedSince(who, tokenIds, since))
    .orderBy(sql`${reservations.releasedAt} desc`)
    .limit(1);
  const [last] = rows;
  if (last?.releasedAt) throw coolingDown({ ...last, releasedAt: last.releasedAt }, cooldownSeconds);
}

/** The function's answer (migration `voucher_reserve`): the reservation made, or the facts of its first refusal. Instants in epoch ms. */
const ReserveAnswer = z.union([
  z.object({ holdUntil: z.number(), insertedIds: z.array(z.number()) }),
  z.object({ refused: z.literal("reserved"), held: z.array(z.object({ tokenId: z.number(), holdUntil: z.number() })) }),
  z.object({ refused: z.literal("cooldown"), tokenId: z.number(), address: z.string(), releasedAt: z.number() }),
  z.object({ refused: z.enum(["client_cap", "reservation_cap", "wallet_cap"]), reserved: z.number() }),
  z.object({ refused: z.literal("renewal_limit"), tokenId: z.number(), renewals: z.number(), holdUntil: z.number() }),
]);
type Refusal = Exclude<z.infer<typeof ReserveAnswer>, { insertedIds: number[] }>;

/** The error a refusal of `pixlings_reserve_tokens` is answered with. */
function refusalError(r: ReserveRequest, refusal: Refusal): HttpError {
  switch (refusal.refused) {
    case "reserved":
      return reservedConflict(refusal.held.map((row) => ({ tokenId: row.tokenId, holdUntil: new Date(row.holdUntil) })));
    case "cooldown":
      return coolingDown({ ...refusal, releasedAt: new Date(refusal.releasedAt) }, r.limits.cooldownSeconds);
    case "client_cap":
      return new CodedError(`Too many Pix are reserved from your network (${refusal.reserved} of ${r.limits.perClient}): mint or wait for them to expire`, {
        code: "client_cap",
        limit: r.limits.perClient,
        reserved: refusal.reserved,
      });
    case "reservation_cap":
      return new CodedError(`You can hold at most ${MAX} reserved Pix at a time; you hold ${refusal.reserved}`, {
        code: "reservation_cap",
        limit: MAX,
        reserved: refusal.reserved,
      });
    case "wallet_cap":
      return new CodedError(`At most ${MAX} Pix per wallet across chains: ${r.minted} minted to you and ${refusal.reserved} reserved`, {
        code: "wallet_cap",
        limit: MAX,
        minted: r.minted,
        reserved: refusal.reserved,
      });
    case "renewal_limit":
      return new CodedError(`Pix #${refusal.tokenId} had its voucher renewed ${refusal.renewals} times: mint it with the last one or let it go`, {
        code: "renewal_limit",
        tokenIds: [refusal.tokenId],
        reservedUntil: new Date(refusal.holdUntil).toISOString(),
      });
  }
}

const value = (name: string) => sql.placeholder(name);
/** The call of `pixlings_reserve_tokens`, built once per database (preparedSql.ts). */
const reserveCall = sql`select pixlings_reserve_tokens(${value("locks")}::integer[], ${value("userId")}::integer, ${value("address")}::text,
  ${value("clientKey")}::text, ${value("chainId")}::integer, ${value("tokenIds")}::integer[], ${value("deadline")}::timestamptz,
  ${value("holdUntil")}::timestamptz, ${value("minted")}::integer, ${value("mintedIds")}::integer[], ${value("perClient")}::integer,
  ${value("perWallet")}::integer, ${value("maxRenewals")}::integer, ${value("cooldownSince")}::timestamptz) as reserved`;
const reserveCalls = new WeakMap<Db, PreparedSql>();

/** The values of `reserveCall` for `r`; without the advisory locks where transactions never overlap (PGlite). */
function reserveValues(r: ReserveRequest, locked: boolean): Record<string, unknown> {
  const { perClient, maxRenewals, cooldownSeconds } = r.limits;
  return {
    locks: locked ? intArray([CLIENT_LOCK, ADDRESS_LOCK]) : null,
    userId: r.userId,
    address: r.address,
    clientKey: r.clientKey,
    chainId: r.chainId,
    tokenIds: intArray(r.tokenIds),
    deadline: r.deadline.toISOString(),
    holdUntil: r.holdUntil.toISOString(),
    minted: r.minted,
    mintedIds: intArray(r.mintedIds),
    perClient,
    perWallet: MAX,
    maxRenewals,
    cooldownSince: cooldownSeconds > 0 ? new Date(Date.now() - cooldownSeconds * 1000).toISOString() : null,
  };
}

/**
 * Reserves `tokenIds` for `address` on `chainId` in one statement (its own transaction), or
 * throws, checked in this order: 409 for ids held by another address or for another chain
 * ("reserved"); 429 "cooldown"; 409 for a cap ("client_cap", "reservation_cap", "wallet_cap") or
 * a hold renewed too often ("renewal_limit"). The address's own ids on the same chain are renewed
 * (holdUntil only ever grows). Requests of one client, and of one address, are serialized by
 * advisory locks (client first, then address) taken before the read, so two of them never both
 * pass a cap; races between addresses end at the unique index (one live row per id): the loser
 * gets 409, never 500. The decisions are `pixlings_reserve_tokens`' (migration `voucher_reserve`).
 */
export async function reserveTokens(db: Db, r: ReserveRequest): Promise<Reserved> {
  try {
    let call = reserveCalls.get(db);
    if (!call) reserveCalls.set(db, (call = preparedSql(db, reserveCall)));
    const [row] = await call(reserveValues(r, !transactionsSerialized(db)));
    const answer = ReserveAnswer.parse((row as { reserved?: unknown } | undefined)?.reserved);
    if ("refused" in answer) throw refusalError(r, answer);
    return { holdUntil: new Date(answer.holdUntil), insertedIds: answer.insertedIds };
  } catch (error) {
    // The buyer's account was merged into another one (a wallet moved) while this request ran.
    if (hasPgErrorCode(error, PG_ERROR.foreignKeyViolation))
      throw unauthorized("Your session has ended: this account was merged into another one. Sign in again");
    if (!hasPgErrorCode(error, PG_ERROR.uniqueViolation)) throw error;
    // Another address's transaction reserved one of the ids between our read and our insert.
    const winners = (
      await db
        .select({ tokenId: reservations.tokenId, address: reservations.address, chainId: reservations.chainId, holdUntil: reservations.holdUntil })
        .from(reservations)
        .where(and(isNull(reservations.releasedAt), inArray(reservations.tokenId, [...r.tokenIds])))
    ).filter((row) => row.address !== r.address || row.chainId !== r.chainId);
    throw winners.length > 0
      ? reservedConflict(winners)
      : new CodedError("Another buyer reserved one of these Pix a moment ago", { code: "reserved", tokenIds: [...r.tokenIds] });
  }
}

/** Takes back rows `reserveTokens` just inserted, when no voucher was signed for them after all. */
export async function unreserve(db: Db, insertedIds: readonly number[]): Promise<void> {
  if (insertedIds.length === 0) return;
  await db.delete(reservations).where(and(inArray(reservations.id, [...insertedIds]), isNull(reservations.releasedAt)));
}
