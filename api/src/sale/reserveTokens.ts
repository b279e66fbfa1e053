import { and, eq, gt, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Address } from "viem";
import { COLLECTION } from "@pixlings/shared/collection";
import type { Db } from "../db/openDatabase.ts";
import { transactionsSerialized } from "../db/oneConnection.ts";
import { reservations } from "../db/tables/reservations.ts";
import { hasPgErrorCode, PG_ERROR } from "../db/pgErrorCode.ts";
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
type LiveRow = { tokenId: number; address: string; clientKey: string; chainId: number; holdUntil: Date; renewals: number };

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

type ExpiredRow = { tokenId: number; releasedAt: Date | null; address: string };

/** Throws 429 "cooldown" for the latest of `rows` (holds that ran out unused), if any. */
function refuseCoolingDown(rows: readonly ExpiredRow[], cooldownSeconds: number): void {
  let last: (ExpiredRow & { releasedAt: Date }) | undefined;
  for (const row of rows) if (row.releasedAt && (!last || row.releasedAt > last.releasedAt)) last = { ...row, releasedAt: row.releasedAt };
  if (!last) return;
  const until = new Date(last.releasedAt.getTime() + cooldownSeconds * 1000);
  const retryAfter = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000));
  const what = last.address.startsWith(CARD_HOLD_PREFIX) ? "checkout" : "voucher";
  throw new CodedError(`Your ${what} for Pix #${last.tokenId} expired unused: you can reserve it again after ${clock(until)}`, {
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
  refuseCoolingDown(rows, cooldownSeconds);
}

/** Throws 409 when the request would pass a cap: per client, reserved per address, minted + reserved per wallet. */
function checkCaps(r: ReserveRequest, live: readonly LiveRow[], fresh: readonly number[]): void {
  const clientHeld = live.filter((row) => row.clientKey === r.clientKey).length;
  if (clientHeld + fresh.length > r.limits.perClient) {
    throw new CodedError(`Too many Pix are reserved from your network (${clientHeld} of ${r.limits.perClient}): mint or wait for them to expire`, {
      code: "client_cap",
      limit: r.limits.perClient,
      reserved: clientHeld,
    });
  }
  const pending = live.filter((row) => row.address === r.address && !r.mintedIds.has(row.tokenId));
  if (pending.length + fresh.length > MAX) {
    throw new CodedError(`You can hold at most ${MAX} reserved Pix at a time; you hold ${pending.length}`, {
      code: "reservation_cap",
      limit: MAX,
      reserved: pending.length,
    });
  }
  if (r.minted + pending.length + fresh.length > MAX) {
    throw new CodedError(`At most ${MAX} Pix per wallet across chains: ${r.minted} minted to you and ${pending.length} reserved`, {
      code: "wallet_cap",
      limit: MAX,
      minted: r.minted,
      reserved: pending.length,
    });
  }
}

/** Extends the address's own holds of `ids` (never shortening), or 409 "renewal_limit". */
async function renew(tx: Tx, r: ReserveRequest, rows: readonly LiveRow[]): Promise<Date> {
  const worn = rows.find((row) => row.renewals >= r.limits.maxRenewals);
  if (worn) {
    throw new CodedError(`Pix #${worn.tokenId} had its voucher renewed ${worn.renewals} times: mint it with the last one or let it go`, {
      code: "renewal_limit",
      tokenIds: [worn.tokenId],
      reservedUntil: worn.holdUntil.toISOString(),
    });
  }
  const renewed = await tx
    .update(reservations)
    .set({
      deadline: sql`greatest(${reservations.deadline}, ${r.deadline.toISOString()}::timestamptz)`,
      holdUntil: sql`greatest(${reservations.holdUntil}, ${r.holdUntil.toISOString()}::timestamptz)`,
      renewals: sql`${reservations.renewals} + 1`,
    })
    .where(
      and(
        isNull(reservations.releasedAt),
        eq(reservations.address, r.address),
        eq(reservations.chainId, r.chainId),
        inArray(
          reservations.tokenId,
          rows.map((row) => row.tokenId),
        ),
      ),
    )
    .returning({ holdUntil: reservations.holdUntil });
  return new Date(Math.max(r.holdUntil.getTime(), ...renewed.map((row) => row.holdUntil.getTime())));
}

/**
 * Reserves `tokenIds` for `address` on `chainId` in one transaction, or throws: 409 for ids held
 * by another address or for another chain ("reserved"), for a cap ("client_cap",
 * "reservation_cap", "wallet_cap") or a hold renewed too often ("renewal_limit"); 429 "cooldown".
 * The address's own ids on the same chain are renewed (holdUntil only ever grows). Races between
 * addresses end at the unique index (one live row per id): the loser gets 409, never 500.
 */
export async function reserveTokens(db: Db, r: ReserveRequest): Promise<Reserved> {
  try {
    return await db.transaction(async (tx) => {
      const { cooldownSeconds } = r.limits;
      // One read: the live holds around the request and, for the cooldown, the asker's holds of
      // these ids that ran out unused lately (released rows).
      const read = () =>
        tx
          .select({
            tokenId: reservations.tokenId,
            address: reservations.address,
            clientKey: reservations.clientKey,
            chainId: reservations.chainId,
            holdUntil: reservations.holdUntil,
            renewals: reservations.renewals,
            releasedAt: reservations.releasedAt,
          })
          .from(reservations)
          .where(
            or(
              and(
                isNull(reservations.releasedAt),
                or(inArray(reservations.tokenId, [...r.tokenIds]), eq(reservations.address, r.address), eq(reservations.clientKey, r.clientKey)),
              ),
              ...(cooldownSeconds > 0 ? [expiredUnusedSince(r, r.tokenIds, new Date(Date.now() - cooldownSeconds * 1000))] : []),
            ),
          );
      // Requests of one client (or one address) must not both pass the caps: Postgres runs them
      // concurrently. Always client first, then address: no two transactions wait on each other.
      // Both locks are one statement (its columns are evaluated left to right), sent with the read
      // in one write: the read's snapshot is taken once the locks are held (each statement of a
      // transaction takes its own, in turn).
      // PGlite runs one transaction at a time: the locks would be a statement for nothing.
      const rows = transactionsSerialized(db)
        ? await read()
        : (
            await Promise.all([
              tx.execute(
                sql`select pg_advisory_xact_lock(${CLIENT_LOCK}, hashtext(${r.clientKey})), pg_advisory_xact_lock(${ADDRESS_LOCK}, hashtext(${r.address}))`,
              ),
              read(),
            ])
          )[1];
      const live: LiveRow[] = rows.filter((row) => row.releasedAt === null);
      const requested = new Set(r.tokenIds);
      const mine = live.filter((row) => requested.has(row.tokenId));
      const taken = mine.filter((row) => row.address !== r.address || row.chainId !== r.chainId);
      if (taken.length > 0) throw reservedConflict(taken);
      const fresh = r.tokenIds.filter((id) => !mine.some((row) => row.tokenId === id));
      refuseCoolingDown(
        rows.filter((row) => row.releasedAt !== null && fresh.includes(row.tokenId)),
        cooldownSeconds,
      );
      checkCaps(r, live, fresh);
      const holdUntil = mine.length > 0 ? await renew(tx, r, mine) : r.holdUntil;
      if (fresh.length === 0) return { holdUntil, insertedIds: [] };
      const inserted = await tx
        .insert(reservations)
        .values(
          // In id order, as every sale path inserts: two transactions never wait on each other's ids.
          [...fresh]
            .sort((a, b) => a - b)
            .map((tokenId) => ({
              tokenId,
              address: r.address,
              clientKey: r.clientKey,
              userId: r.userId,
              chainId: r.chainId,
              deadline: r.deadline,
              holdUntil: r.holdUntil,
            })),
        )
        .returning({ id: reservations.id });
      return { holdUntil, insertedIds: inserted.map((row) => row.id) };
    });
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
