import { asc, inArray } from "@ponder/client";
import { indexerSchema as schema, type IndexerDb } from "../indexerDb.ts";

/** Which of `tokenIds` are minted, and on which chain (every chain that has one). */
export async function readMintedOf(db: IndexerDb, tokenIds: readonly number[]): Promise<{ chainId: number; tokenId: number }[]> {
  if (tokenIds.length === 0) return [];
  return db
    .select({ chainId: schema.token.chainId, tokenId: schema.token.tokenId })
    .from(schema.token)
    .where(inArray(schema.token.tokenId, [...tokenIds]))
    .orderBy(asc(schema.token.tokenId), asc(schema.token.chainId));
}
