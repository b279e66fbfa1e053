import type { IndexedArt, IndexerReader } from "../indexer/indexerReader.ts";

export interface ArtStore {
  /** The art of `tokenId` from memory; the first call loads all art (one query). */
  get(tokenId: number): Promise<IndexedArt | undefined>;
  /** The art of `tokenId` if loaded, without waiting (undefined before the first load). */
  peek(tokenId: number): IndexedArt | undefined;
  /** +1 per load that changed any piece (a cache key for what is derived from all the art). */
  readonly generation: number;
  /**
   * Called after each load with the pieces that are new or changed since the previous one (every
   * piece on the first load). Unchanged pieces keep their object identity across reloads, so
   * anything derived from a piece can be keyed by the object (a WeakMap) and never goes stale.
   */
  onReload(listener: (changed: readonly IndexedArt[]) => void): void;
}

/** How stale the art may be before a request for a piece it lacks waits for a fresh check. */
const MISS_CHECK_MS = 250;

const samePiece = (a: IndexedArt, b: IndexedArt): boolean =>
  a.version === b.version &&
  a.tier === b.tier &&
  a.palette.length === b.palette.length &&
  a.palette.every((colour, i) => colour === b.palette[i]) &&
  a.pixels.length === b.pixels.length &&
  a.pixels.every((index, i) => index === b.pixels[i]);

/** `next`, with the objects of `previous` kept where the piece did not change; and what changed. */
function mergeArt(previous: Map<number, IndexedArt> | undefined, next: Map<number, IndexedArt>): IndexedArt[] {
  const changed: IndexedArt[] = [];
  for (const [tokenId, piece] of next) {
    const old = previous?.get(tokenId);
    if (old && samePiece(old, piece)) next.set(tokenId, old);
    else changed.push(piece);
  }
  return changed;
}

/**
 * All indexed art in memory. A call made more than `maxAgeMs` after the last check starts a
 * background check of the art's epoch (one small query) and reloads everything if it changed, so
 * answers are at most about `maxAgeMs` stale and a hit never waits for the indexer.
 */
export function createArtStore(indexer: IndexerReader, maxAgeMs: number): ArtStore {
  let art: Map<number, IndexedArt> | undefined;
  let epoch: string | undefined;
  let checkedAt = 0;
  let loading: Promise<Map<number, IndexedArt>> | undefined;
  let generation = 0;
  const listeners: ((changed: readonly IndexedArt[]) => void)[] = [];

  const load = (): Promise<Map<number, IndexedArt>> => {
    loading ??= (async () => {
      const nextEpoch = await indexer.artEpoch();
      const next = await indexer.allArt();
      const changed = mergeArt(art, next);
      art = next;
      if (changed.length > 0) generation++;
      epoch = nextEpoch;
      checkedAt = Date.now();
      for (const listener of listeners) listener(changed);
      return next;
    })().finally(() => (loading = undefined));
    return loading;
  };

  let check: Promise<void> | undefined;
  const checkEpoch = (): Promise<void> =>
    (check ??= (async () => {
      try {
        if ((await indexer.artEpoch()) !== epoch) await load();
        else checkedAt = Date.now();
      } catch {
        // The indexer is away: keep serving what we have and try again on a later call.
      }
    })().finally(() => (check = undefined)));

  return {
    async get(tokenId) {
      const current = art ?? (await load());
      const age = Date.now() - checkedAt;
      const piece = current.get(tokenId);
      // A miss waits for one fresh check (shared, at most every MISS_CHECK_MS): art indexed since
      // the last load (a fresh start, an upload) is found at once instead of answered 404.
      if (!piece && age > MISS_CHECK_MS) {
        await checkEpoch();
        return art?.get(tokenId);
      }
      if (age > maxAgeMs) void checkEpoch();
      return piece;
    },
    peek: (tokenId) => art?.get(tokenId),
    get generation() {
      return generation;
    },
    onReload: (listener) => void listeners.push(listener),
  };
}
