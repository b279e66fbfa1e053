import type { Db } from "../db/openDatabase.ts";
import { loadCatalogue, type CatalogueEntry } from "./loadCatalogue.ts";
import { readStoriesVersion } from "./readStoriesVersion.ts";
import { nextStamp, type Stamped } from "./stamp.ts";
import { staleWhileRevalidate, type Refreshing } from "./staleWhileRevalidate.ts";

export interface CatalogueCacheOptions {
  /** How often (at most, and only while asked) the stories version is read: what another process's edit may take to show. */
  probeMs: number;
  /** The whole catalogue is reread this often (the generated text changes only when a process re-seeds it at start). */
  fullReloadMs: number;
  timeoutMs: number;
}

/**
 * The catalogue in memory. Story edits from any API process show here within about `probeMs`: a
 * background read of `stories_version` (one small query) and, when it moved, of the edited rows
 * only. `invalidate()` after an edit of our own makes the next `get` wait for that read. The value
 * (and its stamp) stays the same object while nothing changed, so caches keyed by it survive.
 */
export function createCatalogueCache(db: Db, options: CatalogueCacheOptions): Refreshing<Stamped<ReadonlyMap<number, CatalogueEntry>>> {
  let current: { catalogue: Stamped<ReadonlyMap<number, CatalogueEntry>>; version: number; fullAt: number } | undefined;

  const load = async (): Promise<Stamped<ReadonlyMap<number, CatalogueEntry>>> => {
    const startedAt = performance.now();
    // The version first: every edit up to it is committed, so the rows read after it include them.
    const version = await readStoriesVersion(db);
    if (!current || startedAt - current.fullAt > options.fullReloadMs) {
      current = { catalogue: { stamp: nextStamp(), value: await loadCatalogue(db) }, version, fullAt: startedAt };
    } else if (version !== current.version) {
      const edited = await loadCatalogue(db, { editedAfter: current.version });
      // A load that timed out may still finish after a newer one: it must not put older rows back.
      if (version < current.version) return current.catalogue;
      const next = new Map(current.catalogue.value);
      for (const [tokenId, entry] of edited) next.set(tokenId, entry);
      current = { ...current, catalogue: { stamp: nextStamp(), value: next }, version };
    }
    return current.catalogue;
  };

  return staleWhileRevalidate(load, { maxAgeMs: options.probeMs, maxStaleMs: Number.POSITIVE_INFINITY, timeoutMs: options.timeoutMs });
}
