import { asc } from "@pixlings/indexer/client";
import { indexerSchema as schema, type IndexerDb } from "../indexerDb.ts";

/** One indexed chain's tier prices, in wei of its native coin. */
export interface ChainTierPrices {
  chainId: number;
  common: bigint;
  rare: bigint;
  artist: bigint;
}

/** The tier prices of every indexed chain (ordered by chain id). */
export async function readTierPrices(db: IndexerDb): Promise<ChainTierPrices[]> {
  const rows = await db
    .select({ chainId: schema.tierPrices.chainId, common: schema.tierPrices.common, rare: schema.tierPrices.rare, artist: schema.tierPrices.artist })
    .from(schema.tierPrices)
    .orderBy(asc(schema.tierPrices.chainId));
  return rows.map((r) => ({ chainId: r.chainId, common: BigInt(r.common), rare: BigInt(r.rare), artist: BigInt(r.artist) }));
}
