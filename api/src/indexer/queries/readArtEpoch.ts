import { sql } from "@pixlings/indexer/client";
import { freshRead } from "./freshRead.ts";
import { indexerSchema as schema, type IndexerDb } from "../indexerDb.ts";

/**
 * A fingerprint of the indexed art: per chain, the last block that wrote art and the row count.
 * Any art write (upload, replacement, reorg) changes it.
 */
export async function readArtEpoch(db: IndexerDb): Promise<string> {
  const rows = await db
    .select({
      chainId: schema.art.chainId,
      lastBlock: sql<string>`max(${schema.art.updatedBlock})::text`.as("last_block"),
      count: sql<number>`count(*)::integer`.as("count"),
      fresh: freshRead(),
    })
    .from(schema.art)
    .groupBy(schema.art.chainId)
    .orderBy(schema.art.chainId);
  return rows.map((r) => `${r.chainId}:${r.lastBlock}:${r.count}`).join(",");
}
