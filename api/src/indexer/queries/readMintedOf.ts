import { asc, inArray } from "@ponder/client";
import { indexerSchema as schema, type IndexerDb } from "../indexerDb.ts";

/** A Pix minted on one chain, with the block that minted it. */
export interface MintedOn {
  chainId: number;
  tokenId: number;
  mintedBlock: number;
}

/** Which of `tokenIds` are minted, and on which chain (every chain that has one). */
export async function readMintedOf(db: IndexerDb, tokenIds: readonly number[]): Promise<MintedOn[]> {
  if (tokenIds.length === 0) return [];
  const rows = await db
    .select({ chainId: schema.token.chainId, tokenId: schema.token.tokenId, mintedBlock: schema.token.mintedBlock })
    .from(schema.token)
    .where(inArray(schema.token.tokenId, [...tokenIds]))
    .orderBy(asc(schema.token.tokenId), asc(schema.token.chainId));
  return rows.map((row) => ({ chainId: row.chainId, tokenId: row.tokenId, mintedBlock: Number(row.mintedBlock) }));
}
