import type { IndexedArt, IndexerReader } from "../indexer/indexerReader.ts";

export interface ArtStore {
  /** The art of `tokenId` from memory; the first call loads all art (one query). */
  get(tokenId: number): Promise<IndexedArt | undefined>;
  /** Called with the new art after a reload, e.g. to drop rendered images. */
  onReload(listener: () => void): void;
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
  let checking = false;
  const listeners: (() => void)[] = [];

  const load = (): Promise<Map<number, IndexedArt>> => {
    loading ??= (async () => {
      const nextEpoch = await indexer.artEpoch();
      const next = await indexer.allArt();
      art = next;
      epoch = nextEpoch;
      checkedAt = Date.now();
      for (const listener of listeners) listener();
      return next;
    })().finally(() => (loading = undefined));
    return loading;
  };

  const checkInBackground = (): void => {
    if (checking) return;
    checking = true;
    void (async () => {
      try {
        if ((await indexer.artEpoch()) !== epoch) await load();
        else checkedAt = Date.now();
      } catch {
        // The indexer is away: keep serving what we have and try again on a later call.
      } finally {
        checking = false;
      }
    })();
  };

  return {
    async get(tokenId) {
      const current = art ?? (await load());
      if (Date.now() - checkedAt > maxAgeMs) checkInBackground();
      return current.get(tokenId);
    },
    onReload: (listener) => void listeners.push(listener),
  };
}
