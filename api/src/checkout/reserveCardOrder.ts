import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { COLLECTION } from "@pixlings/shared/collection";
import type { Db, DbTransaction } from "../db/openDatabase.ts";
import { hasPgErrorCode, PG_ERROR } from "../db/pgErrorCode.ts";
import { cardOrders, reservations } from "../db/schema.ts";
import { CodedError, unauthorized } from "../http/HttpError.ts";
import type { HoldLimits } from "../reservations/holdLimits.ts";
import { CLIENT_LOCK, reservedConflict } from "../reservations/reserveTokens.ts";
import { cardHoldAddress } from "./cardHoldAddress.ts";
import { HOLDING_STATES } from "./cardOrderStates.ts";

export interface CardOrderRequest {
  orderId: string;
  userId: number;
  /** The requesting client (`clientKeyOf`). */
  clientKey: string;
  /** The primary chain, where card sales mint. */
  chainId: number;
  tokenIds: readonly number[];
  amountCents: number;
  /** What each id costs, in the order of `tokenIds` (0s for a freemint). */
  tokenCents: readonly number[];
  /** When the hold runs out unless the order is paid. */
  holdUntil: Date;
  limits: Pick<HoldLimits, "perClient">;
  /** A freemint redemption (no payment: the caller moves it to paid once its ids are checked again). */
  freemint?: boolean;
  /** More writes of the same transaction, after the order and its holds (e.g. the freemint card's slots). */
  alsoInTransaction?: (tx: DbTransaction) => Promise<void>;
}

/** Serializes one buyer's card orders, so two checkouts at once cannot both pass the cap. */
const CARD_USER_LOCK = 0x50495a;
const MAX = COLLECTION.maxPerWallet;

/**
 * Stores a `created` card order and reserves its ids for it in the reservations table crypto
 * sales use (one live row per id across payment paths and chains), in one transaction, or
 * throws 409: an id held by anyone ("reserved"), the client's live holds past its cap
 * ("client_cap"), or the buyer's card Pix (held, paid or minted) past the per-wallet cap
 * ("wallet_cap"). A crypto buyer racing for an id meets the unique index: the loser gets 409.
 */
export async function reserveCardOrder(db: Db, r: CardOrderRequest): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      // Same lock order as crypto (client first), then the buyer: no two transactions wait on each other.
      await tx.execute(sql`select pg_advisory_xact_lock(${CLIENT_LOCK}, hashtext(${r.clientKey}))`);
      await tx.execute(sql`select pg_advisory_xact_lock(${CARD_USER_LOCK}, ${r.userId})`);
      const live = await tx
        .select({ tokenId: reservations.tokenId, clientKey: reservations.clientKey, holdUntil: reservations.holdUntil })
        .from(reservations)
        .where(and(isNull(reservations.releasedAt), or(inArray(reservations.tokenId, [...r.tokenIds]), eq(reservations.clientKey, r.clientKey))));
      const taken = live.filter((row) => r.tokenIds.includes(row.tokenId));
      if (taken.length > 0) throw reservedConflict(taken);
      const clientHeld = live.filter((row) => row.clientKey === r.clientKey).length;
      if (clientHeld + r.tokenIds.length > r.limits.perClient) {
        throw new CodedError(`Too many Pix are reserved from your network (${clientHeld} of ${r.limits.perClient}): pay or wait for them to expire`, {
          code: "client_cap",
          limit: r.limits.perClient,
          reserved: clientHeld,
        });
      }
      const held = await tx
        .select({ state: cardOrders.state, count: sql<number>`coalesce(sum(cardinality(${cardOrders.tokenIds})), 0)::int` })
        .from(cardOrders)
        .where(and(eq(cardOrders.userId, r.userId), inArray(cardOrders.state, [...HOLDING_STATES])))
        .groupBy(cardOrders.state);
      const reserved = held.find((row) => row.state === "created")?.count ?? 0;
      const owned = held.filter((row) => row.state !== "created").reduce((sum, row) => sum + row.count, 0);
      if (owned + reserved + r.tokenIds.length > MAX) {
        throw new CodedError(`At most ${MAX} Pix per buyer: ${owned} bought by card and ${reserved} in checkout`, {
          code: "wallet_cap",
          limit: MAX,
          minted: owned,
          reserved,
        });
      }
      await tx.insert(cardOrders).values({
        id: r.orderId,
        userId: r.userId,
        chainId: r.chainId,
        tokenIds: [...r.tokenIds],
        amountCents: r.amountCents,
        tokenCents: [...r.tokenCents],
        ...(r.freemint ? { source: "freemint" as const } : {}),
      });
      // In id order, as every sale path inserts: two transactions never wait on each other's ids.
      await tx.insert(reservations).values(
        [...r.tokenIds]
          .sort((a, b) => a - b)
          .map((tokenId) => ({
            tokenId,
            address: cardHoldAddress(r.orderId),
            clientKey: r.clientKey,
            userId: r.userId,
            chainId: r.chainId,
            deadline: r.holdUntil,
            holdUntil: r.holdUntil,
            orderId: r.orderId,
          })),
      );
      await r.alsoInTransaction?.(tx);
    });
  } catch (error) {
    if (hasPgErrorCode(error, PG_ERROR.foreignKeyViolation))
      throw unauthorized("Your session has ended: this account was merged into another one. Sign in again");
    if (!hasPgErrorCode(error, PG_ERROR.uniqueViolation)) throw error;
    // Another buyer (card or crypto) reserved one of the ids between our read and our insert.
    const winners = await db
      .select({ tokenId: reservations.tokenId, holdUntil: reservations.holdUntil })
      .from(reservations)
      .where(and(isNull(reservations.releasedAt), inArray(reservations.tokenId, [...r.tokenIds])));
    throw winners.length > 0
      ? reservedConflict(winners)
      : new CodedError("Another buyer reserved one of these Pix a moment ago", { code: "reserved", tokenIds: [...r.tokenIds] });
  }
}
