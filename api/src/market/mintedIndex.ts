import type { IndexerReader } from "../indexer/indexerReader.ts";
import { LOAD_TIMEOUT_MS, MAX_STALE_MS } from "./freshness.ts";
import { staleWhileRevalidate, type Refreshing } from "./staleWhileRevalidate.ts";
import { createTokenMirror, type MintedIndex } from "./tokenMirror.ts";

/**
 * How old the minted state may be before a request starts a refresh. The indexer tells us when it
 * indexed a block (`IndexerReader.onChange`), and we sync at once; this bound holds when a notice
 * is lost (the feed reconnecting, a reorg). A refresh is one small query: the rows changed since
 * the last one, and sums that show whether a reorg took any back.
 */
export const MINTED_MAX_AGE_MS = 100;
/** Re-read the whole table at least this often even when the sums agree (belt and braces). */
const FULL_READ_MS = 10_000;

/**
 * Minted Pix, kept in step with the indexer: synced on each of its change notices, and by requests
 * when the last sync is older than MINTED_MAX_AGE_MS (stale-while-revalidate).
 */
export function mintedIndex(indexer: IndexerReader): Refreshing<MintedIndex> {
  const mirror = createTokenMirror((since) => indexer.tokenChanges(since), { fullReadMs: FULL_READ_MS, timeoutMs: LOAD_TIMEOUT_MS });
  const polled = staleWhileRevalidate(() => mirror.sync(), { maxAgeMs: MINTED_MAX_AGE_MS, maxStaleMs: MAX_STALE_MS, timeoutMs: LOAD_TIMEOUT_MS });
  // A failed sync here shows through `polled` (it keeps the last good index, then answers 503).
  // Quick: the periodic read of every row is left to the polled syncs, off the path of a new mint.
  indexer.onChange(() => void mirror.sync({ quick: true }).catch(() => undefined));
  return {
    async get() {
      const polledIndex = await polled.get();
      // Every index comes from the mirror: its latest is at least as new as the polled one.
      return mirror.latest() ?? polledIndex;
    },
    invalidate: () => polled.invalidate(),
  };
}
