import { HttpError } from "../http/HttpError.ts";
import { batched } from "./batched.ts";
import type { IndexerDb } from "./indexerDb.ts";
import { silentFeed, type IndexerChangeFeed } from "./indexerChanges.ts";
import { readAllArt } from "./queries/readAllArt.ts";
import { readArt, type IndexedArt } from "./queries/readArt.ts";
import { readArtEpoch } from "./queries/readArtEpoch.ts";
import { readArtOnChains } from "./queries/readArtOnChains.ts";
import { readMintTimes } from "./queries/readMintTimes.ts";
import { readMintedTokens, type MintedToken } from "./queries/readMintedTokens.ts";
import { readSaleFacts, type ChainSaleStatus, type MintedOn, type SaleFacts, type SaleFactsRequest } from "./queries/readSaleFacts.ts";
import { readTierPrices, type ChainTierPrices } from "./queries/readTierPrices.ts";
import { readTokenChanges, type ChainTokenChanges } from "./queries/readTokenChanges.ts";
import { readTokenEpoch } from "./queries/readTokenEpoch.ts";
import { readTokenHistory, type IndexedTokenEvent } from "./queries/readTokenHistory.ts";
import { readTotals, type IndexedTotals } from "./queries/readTotals.ts";
import { withTimeout } from "../http/withTimeout.ts";
import type { ActivityRow, LogPosition } from "./queries/activityRow.ts";
import { readActivityAfter } from "./queries/readActivityAfter.ts";
import { readActivityAt } from "./queries/readActivityAt.ts";
import { readActivityPage, type ActivityPageStart } from "./queries/readActivityPage.ts";
import { readActivityProgress, type ChainProgress } from "./queries/readActivityProgress.ts";
import { readMintedPerChain } from "./queries/readMintedPerChain.ts";

export type { ActivityPageStart, ActivityRow, ChainProgress, LogPosition };
export type { ChainSaleStatus, ChainTierPrices, IndexedArt, IndexedTokenEvent, IndexedTotals, MintedOn, MintedToken, SaleFacts };

/**
 * The indexer's tables, read-only: one method per query in `queries/`. Every failure becomes a
 * 503 `{ message }` for the client (the cause is logged by the error handler).
 */
export interface IndexerReader {
  totals(): Promise<IndexedTotals>;
  /** The art of `tokenId`, or undefined when no chain has indexed any. */
  art(tokenId: number): Promise<IndexedArt | undefined>;
  /** Every Pix's art, by token id (one query). */
  allArt(): Promise<Map<number, IndexedArt>>;
  /** Changes whenever any art is written on any chain. */
  artEpoch(): Promise<string>;
  /** The art of `tokenId` on each chain that has indexed some, asked fresh. */
  artOnChains(tokenId: number): Promise<Map<number, IndexedArt>>;
  /** When each minted one of `tokenIds` was minted. */
  mintTimes(tokenIds: readonly number[]): Promise<Map<number, Date>>;
  /** Every minted Pix on every chain. */
  mintedTokens(): Promise<MintedToken[]>;
  /** Changes whenever a Pix is minted or moves on any chain. */
  tokenEpoch(): Promise<string>;
  /** A Pix's mint, transfers and art replacements on every chain, oldest first. */
  tokenHistory(tokenId: number): Promise<IndexedTokenEvent[]>;
  /** Each indexed chain's tier prices. */
  tierPrices(): Promise<ChainTierPrices[]>;
  /**
   * What a sale decides on, from one snapshot (asked fresh, never cached): every chain's indexed
   * progress and minting state, the mints of `tokenIds`, the Pix minted to `address`, and the ids'
   * tiers and the prices on `chainId`.
   */
  saleFacts(request: SaleFactsRequest): Promise<SaleFacts>;
  /** Per chain, in one snapshot: sums over its token rows and the rows changed past `since.get(chainId)`. */
  tokenChanges(since: ReadonlyMap<number, bigint>): Promise<ChainTokenChanges[]>;
  /** Every indexed chain's latest and finalized block (Ponder's checkpoints). */
  activityProgress(): Promise<ChainProgress[]>;
  /** Activity rows past each chain's position in `after` (chains not in it: none), in chain order, at most `limit`. */
  activityAfter(after: ReadonlyMap<number, LogPosition>, limit: number): Promise<ActivityRow[]>;
  /** The activity row at that place, if there is one now. */
  activityAt(chainId: number, at: LogPosition): Promise<ActivityRow | undefined>;
  /** At most `limit` activity rows of every chain, newest first, below `start`. */
  activityPage(start: ActivityPageStart | undefined, limit: number): Promise<ActivityRow[]>;
  /** Minted Pix per indexed chain. */
  mintedPerChain(): Promise<{ chainId: number; minted: number }[]>;
  /**
   * Calls `listener` soon after the indexer commits a block (a hint to read again, lost while the
   * connection is down); returns the unsubscribe. Never calls it without a change feed.
   */
  onChange(listener: () => void): () => void;
}

function unavailable(cause: unknown): HttpError {
  const error = new HttpError(503, "The indexer is not available");
  (error as Error & { cause?: unknown }).cause = cause;
  return error;
}

/** A read that takes longer fails: a stalled indexer must not hold requests (and sales) open. */
const INDEXER_READ_TIMEOUT_MS = 5_000;

async function guarded<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await withTimeout(run(), INDEXER_READ_TIMEOUT_MS);
  } catch (error) {
    throw unavailable(error);
  }
}

/**
 * A reader over `db` (Ponder over HTTP, `httpIndexerDb(indexerUrl)`, or its views on Postgres),
 * with `changes` telling it when the indexer wrote (`openIndexerReader` opens the one matching
 * `db`); sale facts always from Ponder at `indexerUrl`.
 */
export function createIndexerReader(db: IndexerDb, indexerUrl: string, changes: IndexerChangeFeed = silentFeed): IndexerReader {
  // Concurrent sales share one statement (each still reads its own consistent snapshot). Always
  // Ponder itself, also in views mode: no sale without a live indexer.
  const saleFacts = batched((requests: readonly SaleFactsRequest[]) => guarded(() => readSaleFacts(indexerUrl, requests)));
  return {
    totals: () => guarded(() => readTotals(db)),
    art: (tokenId) => guarded(() => readArt(db, tokenId)),
    allArt: () => guarded(() => readAllArt(db)),
    artEpoch: () => guarded(() => readArtEpoch(db)),
    artOnChains: (tokenId) => guarded(() => readArtOnChains(db, tokenId)),
    mintTimes: (tokenIds) => guarded(() => readMintTimes(db, tokenIds)),
    mintedTokens: () => guarded(() => readMintedTokens(db)),
    tokenEpoch: () => guarded(() => readTokenEpoch(db)),
    tokenHistory: (tokenId) => guarded(() => readTokenHistory(db, tokenId)),
    tierPrices: () => guarded(() => readTierPrices(db)),
    saleFacts,
    tokenChanges: (since) => guarded(() => readTokenChanges(db, since)),
    activityProgress: () => guarded(() => readActivityProgress(db)),
    activityAfter: (after, limit) => guarded(() => readActivityAfter(db, after, limit)),
    activityAt: (chainId, at) => guarded(() => readActivityAt(db, chainId, at)),
    activityPage: (start, limit) => guarded(() => readActivityPage(db, start, limit)),
    mintedPerChain: () => guarded(() => readMintedPerChain(db)),
    onChange: (listener) => changes.subscribe(listener),
  };
}
