import type { Address } from "viem";
import { HttpError } from "../http/HttpError.ts";
import type { IndexerDb } from "./indexerDb.ts";
import { silentFeed, type IndexerChangeFeed } from "./indexerChanges.ts";
import { readAllArt } from "./queries/readAllArt.ts";
import { readArt, type IndexedArt } from "./queries/readArt.ts";
import { readArtEpoch } from "./queries/readArtEpoch.ts";
import { readHoldings } from "./queries/readHoldings.ts";
import { readMintedOf } from "./queries/readMintedOf.ts";
import { readMintedTokens, type MintedToken } from "./queries/readMintedTokens.ts";
import { readTiersOn } from "./queries/readTiersOn.ts";
import { readTierPrices, type ChainTierPrices } from "./queries/readTierPrices.ts";
import { readTokenChanges, type ChainTokenChanges } from "./queries/readTokenChanges.ts";
import { readTokenEpoch } from "./queries/readTokenEpoch.ts";
import { readTotals, type IndexedTotals } from "./queries/readTotals.ts";

export type { ChainTierPrices, ChainTokenChanges, IndexedArt, IndexedTotals, MintedToken };

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
  /** Every minted Pix on every chain. */
  mintedTokens(): Promise<MintedToken[]>;
  /** Changes whenever a Pix is minted or moves on any chain. */
  tokenEpoch(): Promise<string>;
  /** Each indexed chain's tier prices. */
  tierPrices(): Promise<ChainTierPrices[]>;
  /** Which of `tokenIds` are minted, on which chains (asked fresh: used before selling). */
  mintedOf(tokenIds: readonly number[]): Promise<{ chainId: number; tokenId: number }[]>;
  /** How many Pix `address` holds over every chain. */
  holdings(address: Address): Promise<number>;
  /** Tier codes of `tokenIds` on `chainId`. */
  tiersOn(chainId: number, tokenIds: readonly number[]): Promise<Map<number, number>>;
  /** Per chain, in one snapshot: sums over its token rows and the rows changed past `since.get(chainId)`. */
  tokenChanges(since: ReadonlyMap<number, bigint>): Promise<ChainTokenChanges[]>;
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

async function guarded<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw unavailable(error);
  }
}

/**
 * A reader over `db`: Ponder over HTTP by default (`httpIndexerDb(config.indexerUrl)`), with
 * `changes` telling it when the indexer wrote (`openIndexerReader` opens the one matching `db`).
 */
export function createIndexerReader(db: IndexerDb, changes: IndexerChangeFeed = silentFeed): IndexerReader {
  return {
    totals: () => guarded(() => readTotals(db)),
    art: (tokenId) => guarded(() => readArt(db, tokenId)),
    allArt: () => guarded(() => readAllArt(db)),
    artEpoch: () => guarded(() => readArtEpoch(db)),
    mintedTokens: () => guarded(() => readMintedTokens(db)),
    tokenEpoch: () => guarded(() => readTokenEpoch(db)),
    tierPrices: () => guarded(() => readTierPrices(db)),
    mintedOf: (tokenIds) => guarded(() => readMintedOf(db, tokenIds)),
    holdings: (address) => guarded(() => readHoldings(db, address)),
    tiersOn: (chainId, tokenIds) => guarded(() => readTiersOn(db, chainId, tokenIds)),
    tokenChanges: (since) => guarded(() => readTokenChanges(db, since)),
    onChange: (listener) => changes.subscribe(listener),
  };
}

