/**
 * Past this age a snapshot is not served: requests wait for a load, so an indexer that went away
 * shows as 503 within half a minute instead of old data forever.
 */
export const MAX_STALE_MS = 30_000;
/** A load (indexer over HTTP, database) that takes longer counts as failed. */
export const LOAD_TIMEOUT_MS = 5_000;
