import { and, eq, inArray, isNull, notInArray, or, sql } from "drizzle-orm";
import { COLLECTION } from "@pixlings/shared/collection";
import type { Db, DbTransaction } from "../db/openDatabase.ts";
import { transactionsSerialized } from "../db/oneConnection.ts";
import { hasPgErrorCode, PG_ERROR } from "../db/pgErrorCode.ts";
import { MAX_UNPAID_CARD_PIX } from "@pixlings/shared/http/checkout";
import { cardOrders } from "../db/tables/cardOrders.ts";
import { orderJobs } from "../db/tables/orderJobs.ts";
import { reservations } from "../db/tables/reservations.ts";
import { CodedError, unauthorized } from "../http/HttpError.ts";
import type { HoldLimits } from "./holdLimits.ts";
import { checkCooldown, CLIENT_LOCK, reservedConflict } from "./reserveTokens.ts";
import { cardHoldAddress } from "./cardHoldAddress.ts";
import { HOLDING_STATES } from "./cardOrderStates.ts";
import { moveOrder } from "./moveOrder.ts";

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
  /** When the hold runs out unless a card is submitted or the order is paid. */
  holdUntil: Date;
  limits: Pick<HoldLimits, "perClient" | "cooldownSeconds">;
  /** A freemint redemption (no payment: the caller moves it to paid once its ids are checked again). */
  freemint?: boolean;
  /** More writes of the same transaction, after the order and its holds (e.g. the freemint card's slots). */
  alsoInTransaction?: (tx: DbTransaction) => Promise<void>;
}

/** Serializes one buyer's card orders, so two checkouts at once cannot both pass the cap. */
const CARD_USER_LOCK = 0x50495a;
const MAX = COLLECTION.maxPerWallet;
/** Why an order ended when a newer checkout of the same buyer took its Pix over. */
export const SUPERSEDED_REASON = "Replaced by a newer checkout of your cart";

type LiveRow = { tokenId: number; clientKey: string; holdUntil: Date; orderId: string | null };

/**
 * The buyer's own unpaid card orders that hold one of `tokenIds`: a checkout of a changed cart
 * replaces them (locked here, so a payment's webhook waits for this transaction).
 */
async function ordersToReplace(tx: DbTransaction, r: CardOrderRequest, live: readonly LiveRow[]): Promise<Set<string>> {
  const candidates = [...new Set(live.filter((row) => r.tokenIds.includes(row.tokenId) && row.orderId !== null).map((row) => row.orderId!))];
  if (r.freemint || candidates.length === 0) return new Set();
  const mine = await tx
    .select({ id: cardOrders.id })
    .from(cardOrders)
    .where(and(inArray(cardOrders.id, candidates), eq(cardOrders.userId, r.userId), eq(cardOrders.state, "created"), eq(cardOrders.source, "card")))
    .for("update");
  return new Set(mine.map((row) => row.id));
}

/**
 * Ends the replaced orders (`expired`, their PaymentIntents cancelled by the worker; a payment
 * that still arrives is refunded whole). Their ids carried into the new order are released as
 * `cancelled`; the ids dropped are released as `expired`, so they cool down for this buyer like
 * any unpaid hold that ran out (else dropping and re-adding an id would hold it forever).
 */
async function endReplaced(tx: DbTransaction, r: CardOrderRequest, replaced: ReadonlySet<string>, now: Date): Promise<void> {
  for (const orderId of replaced) {
    await moveOrder(tx, orderId, { to: "expired", from: ["created"], reason: SUPERSEDED_REASON });
    const live = and(eq(reservations.orderId, orderId), isNull(reservations.releasedAt));
    await tx
      .update(reservations)
      .set({ releasedAt: now, releaseReason: "cancelled" })
      .where(and(live, inArray(reservations.tokenId, [...r.tokenIds])));
    await tx.update(reservations).set({ releasedAt: now, releaseReason: "expired" }).where(live);
    await tx.insert(orderJobs).values({ kind: "cancel", orderId, chainId: r.chainId }).onConflictDoNothing();
  }
}

/** 409 "unpaid_cap": the buyer's ids in unpaid card orders (those replaced now aside) would pass the cap. */
async function checkUnpaidCap(tx: DbTransaction, r: CardOrderRequest, replaced: ReadonlySet<string>): Promise<void> {
  if (r.freemint) return;
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(reservations)
    .innerJoin(cardOrders, eq(cardOrders.id, reservations.orderId))
    .where(
      and(
        isNull(reservations.releasedAt),
        eq(cardOrders.userId, r.userId),
        eq(cardOrders.state, "created"),
        eq(cardOrders.source, "card"),
        ...(replaced.size > 0 ? [notInArray(cardOrders.id, [...replaced])] : []),
      ),
    );
  const unpaid = row?.count ?? 0;
  if (unpaid + r.tokenIds.length > MAX_UNPAID_CARD_PIX) {
    throw new CodedError(`At most ${MAX_UNPAID_CARD_PIX} Pix may wait for a card payment per buyer; ${unpaid} of yours do: pay for them or let them go`, {
      code: "unpaid_cap",
      limit: MAX_UNPAID_CARD_PIX,
      reserved: unpaid,
    });
  }
}

/**
 * Stores a `created` card order and reserves its ids for it in the reservations table crypto
 * sales use (one live row per id across payment paths and chains), in one transaction, or
 * throws: 409 for an id held by anyone ("reserved"), the client's live holds past its cap
 * ("client_cap"), the buyer's ids in unpaid card orders past theirs ("unpaid_cap"), or the
 * buyer's card Pix (held, paid or minted) past the per-wallet cap ("wallet_cap"); 429
 * "cooldown" for an id whose hold this account or client let run out lately. The buyer's own
 * unpaid orders holding some of these ids are replaced: the new order takes their ids over and
 * ends no later than the earliest of their holds (a changed cart never lengthens a hold).
 * Returns when the new hold ends. A crypto buyer racing for an id meets the unique index: 409.
 */
export async function reserveCardOrder(db: Db, r: CardOrderRequest): Promise<Date> {
  try {
    return await db.transaction(async (tx) => {
      // Same lock order as crypto (client first), then the buyer: no two transactions wait on each
      // other. PGlite runs one transaction at a time: no lock needed there (reserveTokens.ts).
      if (!transactionsSerialized(db)) {
        await tx.execute(sql`select pg_advisory_xact_lock(${CLIENT_LOCK}, hashtext(${r.clientKey}))`);
        await tx.execute(sql`select pg_advisory_xact_lock(${CARD_USER_LOCK}, ${r.userId})`);
      }
      const now = new Date();
      const live: LiveRow[] = await tx
        .select({ tokenId: reservations.tokenId, clientKey: reservations.clientKey, holdUntil: reservations.holdUntil, orderId: reservations.orderId })
        .from(reservations)
        .where(and(isNull(reservations.releasedAt), or(inArray(reservations.tokenId, [...r.tokenIds]), eq(reservations.clientKey, r.clientKey))));
      const replaced = await ordersToReplace(tx, r, live);
      const stays = live.filter((row) => row.orderId === null || !replaced.has(row.orderId));
      const taken = stays.filter((row) => r.tokenIds.includes(row.tokenId));
      if (taken.length > 0) throw reservedConflict(taken);
      const carried = live.filter((row) => row.orderId !== null && replaced.has(row.orderId));
      await checkCooldown(
        tx,
        { userId: r.userId, clientKey: r.clientKey },
        r.tokenIds.filter((id) => !carried.some((row) => row.tokenId === id)),
        r.limits.cooldownSeconds,
      );
      const clientHeld = stays.filter((row) => row.clientKey === r.clientKey).length;
      if (clientHeld + r.tokenIds.length > r.limits.perClient) {
        throw new CodedError(`Too many Pix are reserved from your network (${clientHeld} of ${r.limits.perClient}): pay or wait for them to expire`, {
          code: "client_cap",
          limit: r.limits.perClient,
          reserved: clientHeld,
        });
      }
      await checkUnpaidCap(tx, r, replaced);
      const held = await tx
        .select({ state: cardOrders.state, count: sql<number>`coalesce(sum(cardinality(${cardOrders.tokenIds})), 0)::int` })
        .from(cardOrders)
        .where(
          and(
            eq(cardOrders.userId, r.userId),
            inArray(cardOrders.state, [...HOLDING_STATES]),
            ...(replaced.size > 0 ? [notInArray(cardOrders.id, [...replaced])] : []),
          ),
        )
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
      const holdUntil = new Date(Math.min(r.holdUntil.getTime(), ...carried.map((row) => row.holdUntil.getTime())));
      await endReplaced(tx, r, replaced, now);
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
            deadline: holdUntil,
            holdUntil,
            orderId: r.orderId,
          })),
      );
      await r.alsoInTransaction?.(tx);
      return holdUntil;
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
