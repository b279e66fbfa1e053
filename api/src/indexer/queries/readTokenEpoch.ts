import { sql } from "@pixlings/indexer/client";
import { freshRead } from "./freshRead.ts";
import { indexerSchema as schema, type IndexerDb } from "../indexerDb.ts";

/**
 * A fingerprint of the indexed tokens: per chain, the row count, the last block that minted or
 * moved one, and the sums of ids and blocks. A mint or a transfer changes it; so does a reorg, even
 * one whose other fork mints another Pix in a block of the same number (count and last block alike).
 */
export async function readTokenEpoch(db: IndexerDb): Promise<string> {
  const rows = await db
    .select({
      chainId: schema.token.chainId,
      lastBlock: sql<string>`max(${schema.token.updatedBlock})::text`.as("last_block"),
      count: sql<number>`count(*)::integer`.as("count"),
      idSum: sql<string>`sum(${schema.token.tokenId})::text`.as("id_sum"),
      blockSum: sql<string>`sum(${schema.token.updatedBlock})::text`.as("block_sum"),
      fresh: freshRead(),
    })
    .from(schema.token)
    .groupBy(schema.token.chainId)
    .orderBy(schema.token.chainId);
  return rows.map((r) => `${r.chainId}:${r.lastBlock}:${r.count}:${r.idSum}:${r.blockSum}`).join(",");
}
