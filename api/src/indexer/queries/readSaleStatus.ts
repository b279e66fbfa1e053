import { sql } from "@ponder/client";
import { indexerSchema as schema, type IndexerDb } from "../indexerDb.ts";

/** A block as the indexer knows it: number and timestamp (unix seconds). */
export interface IndexedBlock {
  number: number;
  timestamp: number;
}

/** How far the indexer has got on one chain, and whether that chain's contract sells. */
export interface ChainSaleStatus {
  chainId: number;
  /** The latest block indexed. */
  latest: IndexedBlock;
  /** The latest indexed block that is final: what it shows up to here never changes. */
  finalized: IndexedBlock;
  /** `mintingActive` as indexed; undefined before the contract's first MintingActiveSet. */
  mintingActive: boolean | undefined;
}

interface CheckpointRow {
  chain_id: unknown;
  latest_checkpoint: string;
  finalized_checkpoint: string;
}

/** A Ponder checkpoint starts with 10 digits of block timestamp, 16 of chain id, 16 of block number. */
function blockOf(checkpoint: string): IndexedBlock {
  return { timestamp: Number(checkpoint.slice(0, 10)), number: Number(checkpoint.slice(26, 42)) };
}

const earlier = (a: IndexedBlock, b: IndexedBlock): IndexedBlock => (a.number <= b.number ? a : b);

/**
 * Every indexed chain's progress (Ponder's own `_ponder_checkpoint`, which its /sql endpoint and its
 * views schema both expose) and minting state, from the same database as the tables a sale reads.
 */
export async function readSaleStatus(db: IndexerDb): Promise<ChainSaleStatus[]> {
  const [result, minting] = await Promise.all([
    db.execute(sql`SELECT chain_id, latest_checkpoint, finalized_checkpoint FROM _ponder_checkpoint ORDER BY chain_id`),
    db.select({ chainId: schema.minting.chainId, active: schema.minting.active }).from(schema.minting),
  ]);
  // @ponder/client answers raw SQL with the rows; the pg-proxy of the views mode with { rows }.
  const rows = Array.isArray(result) ? (result as unknown as CheckpointRow[]) : (result as unknown as { rows: CheckpointRow[] }).rows;
  return rows.map((row) => {
    const chainId = Number(row.chain_id);
    const latest = blockOf(row.latest_checkpoint);
    return {
      chainId,
      latest,
      // Ponder moves the finalized checkpoint on its own; never past what is indexed.
      finalized: earlier(blockOf(row.finalized_checkpoint), latest),
      mintingActive: minting.find((m) => m.chainId === chainId)?.active,
    };
  });
}
