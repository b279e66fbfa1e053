import type { ActivityRow } from "../indexer/indexerReader.ts";
import { chainEventId, comparePositions } from "./activityIds.ts";
import { WHOLE_BLOCK, type ChainPosition } from "./streamCursor.ts";

/** What a stream process knows of one chain's activity. */
export interface FollowedChain {
  /** The last event shown (or a final block): every event up to here has been shown. */
  cursor: ChainPosition;
  /** The finalized block at the last read: nothing up to it can change any more. */
  finalized: bigint;
  /** Events shown on blocks past `finalized`, by id: a reorg may still drop them. */
  recent: Map<string, ChainPosition>;
}

/** What one read changed on a chain, in the order to tell clients. */
export interface ChainStep {
  /** Shown events a reorg dropped. */
  retracted: string[];
  /** Events not shown yet, in chain order (after a reorg, some may sit before the old cursor). */
  added: ActivityRow[];
  next: FollowedChain;
}

const positionOf = (row: ActivityRow): ChainPosition => ({
  block: row.blockNumber,
  logIndex: row.logIndex,
  hash8: chainEventId(row.chainId, { block: row.blockNumber, logIndex: row.logIndex }, row.blockHash).slice(-8),
});
const idOf = (row: ActivityRow): string => chainEventId(row.chainId, { block: row.blockNumber, logIndex: row.logIndex }, row.blockHash);

/** A chain first seen with `finalized`: everything final counts as shown; the events past it are read next. */
export const startFollowing = (finalized: bigint): FollowedChain => ({
  cursor: { block: finalized, logIndex: WHOLE_BLOCK },
  finalized,
  recent: new Map(),
});

/**
 * What to read next: every row past this position. It covers every block a reorg may still change
 * (past the finalized block) and everything new past the cursor.
 */
export function readFrom(chain: FollowedChain): ChainPosition {
  let block = chain.finalized;
  if (chain.cursor.block < block) block = chain.cursor.block;
  return { block, logIndex: WHOLE_BLOCK };
}

/**
 * One read's effect: `rows` are every row past `readFrom(chain)` in chain order, as of one read
 * made after the indexer said `finalized` (a read of the checkpoint first: a row final by then
 * stays), cut after the first `rows.length` when `truncated`.
 */
export function followStep(chain: FollowedChain, finalized: bigint, rows: readonly ActivityRow[], truncated: boolean): ChainStep {
  const seen = new Set(rows.map(idOf));
  const last = rows.at(-1);
  // Past the last row of a truncated read nothing is known yet: those shown events wait for the next read.
  const unknown = (p: ChainPosition): boolean => truncated && last !== undefined && comparePositions(p, positionOf(last)) > 0;
  const retracted = [...chain.recent].filter(([id, p]) => !seen.has(id) && !unknown(p)).map(([id]) => id);
  const added = rows.filter((row) => !chain.recent.has(idOf(row)));
  const recent = new Map<string, ChainPosition>();
  for (const row of rows) if (row.blockNumber > finalized) recent.set(idOf(row), positionOf(row));
  if (truncated) for (const [id, p] of chain.recent) if (unknown(p) && p.block > finalized) recent.set(id, p);
  let cursor: ChainPosition;
  if (last && !truncated) cursor = positionOf(last);
  else if (last) cursor = comparePositions(positionOf(last), chain.cursor) > 0 ? positionOf(last) : chain.cursor;
  else cursor = retracted.length > 0 ? readFrom(chain) : chain.cursor;
  return { retracted, added, next: { cursor, finalized: finalized > chain.finalized ? finalized : chain.finalized, recent } };
}
