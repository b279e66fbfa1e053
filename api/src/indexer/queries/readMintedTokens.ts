import { asc } from "@pixlings/indexer/client";
import { getAddress, type Address } from "viem";
import { indexerSchema as schema, type IndexerDb } from "../indexerDb.ts";

/** A Pix minted on one chain, as indexed. */
export interface MintedToken {
  chainId: number;
  tokenId: number;
  owner: Address;
}

/** Every minted Pix on every indexed chain (ordered by chain id, then token id). */
export async function readMintedTokens(db: IndexerDb): Promise<MintedToken[]> {
  const rows = await db
    .select({ chainId: schema.token.chainId, tokenId: schema.token.tokenId, owner: schema.token.owner })
    .from(schema.token)
    .orderBy(asc(schema.token.chainId), asc(schema.token.tokenId));
  return rows.map((row) => ({ chainId: row.chainId, tokenId: row.tokenId, owner: getAddress(row.owner) }));
}
