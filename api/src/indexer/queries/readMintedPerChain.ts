import { indexerSchema as schema, type IndexerDb } from "../indexerDb.ts";
import { freshRead } from "./freshRead.ts";

/** Minted Pix per indexed chain (the indexer's `chain_stats`), by chain id. */
export async function readMintedPerChain(db: IndexerDb): Promise<{ chainId: number; minted: number }[]> {
  const s = schema.chainStats;
  const rows = await db.select({ chainId: s.chainId, minted: s.minted, fresh: freshRead() }).from(s).orderBy(s.chainId);
  return rows.map((row) => ({ chainId: Number(row.chainId), minted: Number(row.minted) }));
}
