import { HttpError } from "../http/HttpError.ts";
import { httpIndexerDb, type IndexerDb } from "./indexerDb.ts";
import { readArt, type IndexedArt } from "./queries/readArt.ts";
import { readTotals, type IndexedTotals } from "./queries/readTotals.ts";

export type { IndexedArt, IndexedTotals };

/**
 * The indexer's tables, read-only: one method per query in `queries/`. Every failure becomes a
 * 503 `{ message }` for the client (the cause is logged by the error handler).
 */
export interface IndexerReader {
  totals(): Promise<IndexedTotals>;
  /** The art of `tokenId`, or undefined when no chain has indexed any. */
  art(tokenId: number): Promise<IndexedArt | undefined>;
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

/** A reader over `db`: Ponder over HTTP by default (`httpIndexerDb(config.indexerUrl)`). */
export function createIndexerReader(db: IndexerDb): IndexerReader {
  return {
    totals: () => guarded(() => readTotals(db)),
    art: (tokenId) => guarded(() => readArt(db, tokenId)),
  };
}

/** The reader for the Ponder app at `url` over HTTP. */
export function httpIndexerReader(url: string): IndexerReader {
  return createIndexerReader(httpIndexerDb(url));
}
