import { inArray } from "@pixlings/indexer/client";
import { indexerSchema as schema, type IndexerDb } from "../indexerDb.ts";

/** When each of `tokenIds` that is minted was minted (its mint block's time), on any chain. */
export async function readMintTimes(db: IndexerDb, tokenIds: readonly number[]): Promise<Map<number, Date>> {
  if (tokenIds.length === 0) return new Map();
  const rows = await db
    .select({ tokenId: schema.token.tokenId, mintedAt: schema.token.mintedAt })
    .from(schema.token)
    .where(inArray(schema.token.tokenId, [...tokenIds]));
  return new Map(rows.map((row) => [row.tokenId, new Date(Number(row.mintedAt) * 1000)]));
}
