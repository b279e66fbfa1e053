import { createHmac } from "node:crypto";
import { inArray } from "drizzle-orm";
import type { Db } from "../db/openDatabase.ts";
import { cardOrders } from "../db/tables/cardOrders.ts";

/** A card or freemint buyer of a Pix, as public answers may name them: no person, just a token. */
export interface CardBuyer {
  userId: number;
  /** HMAC of the buyer and the Pix: says nothing about the buyer, and does not link their Pix together. */
  token: string;
}

/** Who bought each Pix of paid, minting and minted card and freemint orders (refunded ids left out). */
export async function loadCardBuyers(db: Db, secret: string): Promise<Map<number, CardBuyer>> {
  const rows = await db
    .select({ userId: cardOrders.userId, tokenIds: cardOrders.tokenIds, refunded: cardOrders.refundedTokenIds })
    .from(cardOrders)
    .where(inArray(cardOrders.state, ["paid", "minting", "minted"]));
  const buyers = new Map<number, CardBuyer>();
  for (const row of rows) {
    for (const id of row.tokenIds) if (!row.refunded.includes(id)) buyers.set(id, { userId: row.userId, token: tokenOf(secret, row.userId, id) });
  }
  return buyers;
}

const tokens = new Map<string, string>();
/** The buyer's token for one Pix, remembered (the HMAC of each pair is computed once per process). */
function tokenOf(secret: string, userId: number, tokenId: number): string {
  const key = `${userId}:${tokenId}`;
  let token = tokens.get(key);
  if (token === undefined) {
    token = createHmac("sha256", secret).update(`card-buyer:${key}`).digest("hex").slice(0, 24);
    tokens.set(key, token);
  }
  return token;
}

export const sameBuyers = (a: ReadonlyMap<number, CardBuyer>, b: ReadonlyMap<number, CardBuyer>): boolean =>
  a.size === b.size && [...a].every(([id, buyer]) => b.get(id)?.userId === buyer.userId);
