import { and, eq, inArray } from "@ponder/client";
import { indexerSchema as schema, type IndexerDb } from "../indexerDb.ts";

/** The tier code (1 Common, 2 Rare, 3 Artist) of each of `tokenIds` on `chainId`, where art is indexed. */
export async function readTiersOn(db: IndexerDb, chainId: number, tokenIds: readonly number[]): Promise<Map<number, number>> {
  if (tokenIds.length === 0) return new Map();
  const rows = await db
    .select({ tokenId: schema.art.tokenId, tier: schema.art.tier })
    .from(schema.art)
    .where(and(eq(schema.art.chainId, chainId), inArray(schema.art.tokenId, [...tokenIds])));
  return new Map(rows.map((r) => [r.tokenId, r.tier]));
}
