import { sql } from "@pixlings/indexer/client";
import type { IndexerDb } from "../indexerDb.ts";
import { freshRead } from "./freshRead.ts";

/** How far the indexer has got on one chain: the latest block indexed, and the latest that is final. */
export interface ChainProgress {
  chainId: number;
  latestBlock: bigint;
  /** Never past `latestBlock`: what the indexer shows up to here never changes. */
  finalizedBlock: bigint;
}

/** A Ponder checkpoint: 10 digits of block timestamp, 16 of chain id, 16 of block number, ... */
const blockOf = (checkpoint: unknown): bigint => BigInt(String(checkpoint).slice(26, 42));

/** Every indexed chain's progress, from Ponder's own checkpoints, by chain id. */
export async function readActivityProgress(db: IndexerDb): Promise<ChainProgress[]> {
  const rows = await db
    .select({
      chainId: sql<number>`chain_id`.as("chain_id"),
      latest: sql<string>`latest_checkpoint`.as("latest_checkpoint"),
      finalized: sql<string>`finalized_checkpoint`.as("finalized_checkpoint"),
      fresh: freshRead(),
    })
    .from(sql`_ponder_checkpoint`);
  return rows
    .map((row) => {
      const latestBlock = blockOf(row.latest);
      // Ponder moves the finalized checkpoint on its own: never past what is indexed.
      let finalizedBlock = blockOf(row.finalized);
      if (finalizedBlock > latestBlock) finalizedBlock = latestBlock;
      return { chainId: Number(row.chainId), latestBlock, finalizedBlock };
    })
    .sort((x, y) => x.chainId - y.chainId);
}
