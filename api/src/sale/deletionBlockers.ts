import { and, eq, inArray, isNull, notInArray, sql } from "drizzle-orm";
import type { DbTransaction } from "../db/openDatabase.ts";
import { cardOrders } from "../db/tables/cardOrders.ts";
import { orderJobs } from "../db/tables/orderJobs.ts";
import { reservations } from "../db/tables/reservations.ts";
import { rowsOf } from "../db/rowsOf.ts";

/** Card and freemint order states after which nothing more happens to an order by itself. */
const SETTLED_ORDER_STATES = ["minted", "refunded", "failed", "expired"] as const;
/** Orders whose Pix are the buyer's: custody may hold them for the account. */
const BOUGHT_ORDER_STATES = ["paid", "minting", "minted"] as const;

const pix = (ids: readonly number[]): string => ids.map((id) => `#${id}`).join(", ");

/**
 * What a user would lose by deleting the account now, in words (empty: nothing). Read inside the
 * deletion's transaction, after it locked the user's row: no new hold or order can start for the
 * user until it ends (the triggers of migration 0011 wait for that lock, then refuse).
 * - a live hold (a voucher or a card order's Pix reserved: a purchase under way, or its mint not on
 *   a final block yet);
 * - an order not settled yet (created and maybe being paid, paid, minting, or any other state a
 *   card order can be in meanwhile, frozen by a dispute included);
 * - a Mint to Wallet under way;
 * - Pix bought by card or redeemed with a freemint card that custody holds for the account: every
 *   id of a bought order that no finished Mint to Wallet moved out (from the database, not the
 *   indexer, which may not show the latest mint yet).
 */
export async function deletionBlockers(tx: DbTransaction, userId: number): Promise<string[]> {
  const reasons: string[] = [];
  const held = await tx
    .select({ tokenId: reservations.tokenId })
    .from(reservations)
    .where(and(eq(reservations.userId, userId), isNull(reservations.releasedAt)));
  if (held.length > 0) {
    reasons.push(
      `Pix ${pix(held.map((h) => h.tokenId))} are reserved for a purchase of yours that is not final yet: wait until it is done, or until the reservation ends`,
    );
  }
  const open = await tx
    .select({ id: cardOrders.id, state: cardOrders.state })
    .from(cardOrders)
    .where(and(eq(cardOrders.userId, userId), notInArray(cardOrders.state, [...SETTLED_ORDER_STATES])));
  for (const order of open) reasons.push(`Your order ${order.id.slice(0, 8)} is still ${order.state}: wait until it is complete`);
  const moving = await tx
    .select({ tokenId: orderJobs.tokenId })
    .from(orderJobs)
    .where(and(eq(orderJobs.userId, userId), eq(orderJobs.kind, "transfer"), inArray(orderJobs.state, ["queued", "sent"])));
  if (moving.length > 0) reasons.push(`Pix ${pix(moving.map((m) => m.tokenId ?? 0))} are being moved to your wallet: wait until that is done`);
  const inCustody = await tx.execute(sql`
    select distinct t.token_id from ${cardOrders} o, unnest(o.token_ids) as t(token_id)
    where o.user_id = ${userId} and o.state::text = any(${`{${BOUGHT_ORDER_STATES.join(",")}}`}::text[]) and not (t.token_id = any(o.refunded_token_ids))
      and not exists (select 1 from ${orderJobs} j where j.kind = 'transfer' and j.token_id = t.token_id and j.state = 'done')
    order by t.token_id`);
  const ids = rowsOf(inCustody).map((row) => Number((row as { token_id: unknown }).token_id));
  if (ids.length > 0) {
    reasons.push(`Pix ${pix(ids)} are held for you in custody: move them to your wallet first (My Pixlings, "Mint to Wallet"), or they would be lost`);
  }
  return reasons;
}

/** The rows of `execute`: PGlite answers `{ rows }`, postgres.js the rows themselves. */
