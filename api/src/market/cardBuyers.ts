import { createHmac } from "node:crypto";
import { inArray } from "drizzle-orm";
import type { Db } from "../db/openDatabase.ts";
import { cardOrders } from "../db/schema.ts";

/** A card or freemint buyer of a Pix, as public answers may name them: no person, just a stable token. */
export interface CardBuyer {
  userId: number;
  /** HMAC of the user id: the same buyer has the same token, which says nothing about them. */
  token: string;
}

/** Who bought each Pix of paid, minting and minted card and freemint orders (refunded ids left out). */
export async function loadCardBuyers(db: Db, secret: string): Promise<Map<number, CardBuyer>> {
  const rows = await db
    .select({ userId: cardOrders.userId, tokenIds: cardOrders.tokenIds, refunded: cardOrders.refundedTokenIds })
    .from(cardOrders)
    .where(inArray(cardOrders.state, ["paid", "minting", "minted"]));
  const tokens = new Map<number, string>();
  const tokenOf = (userId: number): string => {
    let token = tokens.get(userId);
    if (token === undefined) {
      token = createHmac("sha256", secret).update(`card-buyer:${userId}`).digest("hex").slice(0, 24);
      tokens.set(userId, token);
    }
    return token;
  };
  const buyers = new Map<number, CardBuyer>();
  for (const row of rows) {
    for (const id of row.tokenIds) if (!row.refunded.includes(id)) buyers.set(id, { userId: row.userId, token: tokenOf(row.userId) });
  }
  return buyers;
}

export const sameBuyers = (a: ReadonlyMap<number, CardBuyer>, b: ReadonlyMap<number, CardBuyer>): boolean =>
  a.size === b.size && [...a].every(([id, buyer]) => b.get(id)?.userId === buyer.userId);
