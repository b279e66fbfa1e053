import { sql } from "@pixlings/indexer/client";
import { indexerSchema as schema, type IndexerDb } from "../indexerDb.ts";

/** Counts over every indexed chain. */
export interface IndexedTotals {
  /** Distinct token ids minted on any chain. */
  minted: number;
  /** Distinct owner addresses across chains. */
  owners: number;
}

export async function readTotals(db: IndexerDb): Promise<IndexedTotals> {
  const [row] = await db
    .select({
      minted: sql<number>`count(distinct ${schema.token.tokenId})::integer`.as("minted"),
      owners: sql<number>`count(distinct ${schema.token.owner})::integer`.as("owners"),
    })
    .from(schema.token);
  return { minted: Number(row?.minted ?? 0), owners: Number(row?.owners ?? 0) };
}
