import { sql } from "@ponder/client";
import { indexerSchema as schema, type IndexerDb } from "../indexerDb.ts";

/**
 * A fingerprint of the indexed tokens: per chain, the row count and the last block that minted or
 * moved one. A mint or a transfer changes it; so does a reorg, once the chain indexes past it.
 */
export async function readTokenEpoch(db: IndexerDb): Promise<string> {
  const rows = await db
    .select({
      chainId: schema.token.chainId,
      lastBlock: sql<string>`max(${schema.token.updatedBlock})::text`.as("last_block"),
      count: sql<number>`count(*)::integer`.as("count"),
    })
    .from(schema.token)
    .groupBy(schema.token.chainId)
    .orderBy(schema.token.chainId);
  return rows.map((r) => `${r.chainId}:${r.lastBlock}:${r.count}`).join(",");
}
