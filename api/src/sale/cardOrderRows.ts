import { and, desc, eq, inArray, isNotNull, or, sql } from "drizzle-orm";
import type { Db } from "../db/openDatabase.ts";
import { users } from "../db/tables/accounts.ts";
import { cardOrders } from "../db/tables/cardOrders.ts";

export type CardOrderRow = typeof cardOrders.$inferSelect;

/** The buyer's own order, by its id or its PaymentIntent's; undefined when there is none of theirs. */
export async function ownCardOrder(db: Db, userId: number, by: { orderId: string } | { paymentIntentId: string }): Promise<CardOrderRow | undefined> {
  const which = "orderId" in by ? eq(cardOrders.id, by.orderId) : eq(cardOrders.paymentIntentId, by.paymentIntentId);
  const [order] = await db
    .select()
    .from(cardOrders)
    .where(and(which, eq(cardOrders.userId, userId)));
  return order;
}

export interface FrozenOrderRow {
  order: CardOrderRow;
  buyer: { email: string | null; firstName: string | null; username: string | null };
}

/** Orders frozen by a payment risk or a payment problem, newest change first, with their buyers: the admin's list. */
export async function frozenOrders(db: Db, limit: number): Promise<FrozenOrderRow[]> {
  return db
    .select({ order: cardOrders, buyer: { email: users.email, firstName: users.firstName, username: users.username } })
    .from(cardOrders)
    .innerJoin(users, eq(users.id, cardOrders.userId))
    .where(or(isNotNull(cardOrders.frozenReason), isNotNull(cardOrders.paymentProblem)))
    .orderBy(desc(cardOrders.updatedAt), desc(cardOrders.id))
    .limit(limit);
}

/** The state of the card or freemint order that holds Pix `tokenId` for its buyer (paid, minting or minted; undefined: none does). */
export async function buyerOrderStateOf(db: Db, tokenId: number): Promise<string | undefined> {
  const [order] = await db
    .select({ state: cardOrders.state })
    .from(cardOrders)
    .where(
      and(
        sql`${tokenId} = any(${cardOrders.tokenIds})`,
        sql`not (${tokenId} = any(${cardOrders.refundedTokenIds}))`,
        inArray(cardOrders.state, ["paid", "minting", "minted"]),
      ),
    );
  return order?.state;
}
