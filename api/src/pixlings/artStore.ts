import type { IndexedArt, IndexerReader } from "../indexer/indexerReader.ts";
import type { OldArtWhileReplacing } from "../review/oldArtWhileReplacing.ts";

export interface ArtStore {
  /**
   * The art of `tokenId` from memory; the first call loads all art (one query). A piece not in
   * memory waits (up to a second) for a fresh check of the indexer before it counts as missing.
   */
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
  /** Checks the indexer now (after this API replaced some art), reloading if anything changed. */
  refresh(): Promise<void>;
}

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
 * A piece missing from memory waits for a fresh check when the last one is older than this: art
 * indexed a moment ago (an upload, or `npm start` answering before its first reload) is not a 404,
 * and a flood of misses asks the indexer at most this often.
 */
const MISS_RECHECK_MS = 250;
/** ... but not longer than this (one indexer read, as LOAD_TIMEOUT_MS) for an indexer that does not answer. */
const MISS_WAIT_MS = 5_000;

/** `indexed` with the pieces of a live replacement shown as they were before it. */
function shown(indexed: Map<number, IndexedArt>, replacing: OldArtWhileReplacing): Map<number, IndexedArt> {
  const next = new Map(indexed);
  for (const [tokenId, old] of replacing.pieces) {
    const piece = indexed.get(tokenId);
    if (piece) next.set(tokenId, { ...piece, palette: old.palette, pixels: old.pixels, version: old.version });
  }
  return next;
}

const NOTHING_REPLACING: OldArtWhileReplacing = { key: "", pieces: new Map() };

/**
 * All indexed art in memory. A call made more than `maxAgeMs` after the last check starts a
 * background check of the art's epoch (one small query) and reloads everything if it changed, so
 * answers are at most about `maxAgeMs` stale and a hit never waits for the indexer. While a Pix's
 * art is being replaced (`replacing`, the API's database), it is shown as it was before: one
 * chain's new art never shows while another chain still has the old.
 */
export function createArtStore(
  indexer: IndexerReader,
  maxAgeMs: number,
  replacing: () => Promise<OldArtWhileReplacing> = async () => NOTHING_REPLACING,
): ArtStore {
  let indexed: Map<number, IndexedArt> | undefined;
  let art: Map<number, IndexedArt> | undefined;
  let epoch: string | undefined;
  let replacingKey: string | undefined;
  let checkedAt = 0;
  let loading: Promise<Map<number, IndexedArt>> | undefined;
  let checking: Promise<void> | undefined;
  let generation = 0;
  const listeners: ((changed: readonly IndexedArt[]) => void)[] = [];

  /** Shows `nextIndexed` (with `nextReplacing` over it) from now on, telling the listeners what changed. */
  const show = (nextIndexed: Map<number, IndexedArt>, nextReplacing: OldArtWhileReplacing): Map<number, IndexedArt> => {
    const next = shown(nextIndexed, nextReplacing);
    const changed = mergeArt(art, next);
    indexed = nextIndexed;
    art = next;
    replacingKey = nextReplacing.key;
    if (changed.length > 0) generation++;
    checkedAt = Date.now();
    for (const listener of listeners) listener(changed);
    return next;
  };

  const load = (): Promise<Map<number, IndexedArt>> => {
    loading ??= (async () => {
      const nextEpoch = await indexer.artEpoch();
      const [next, nextReplacing] = await Promise.all([indexer.allArt(), replacing()]);
      epoch = nextEpoch;
      return show(next, nextReplacing);
    })().finally(() => (loading = undefined));
    return loading;
  };

  const check = (): Promise<void> => {
    checking ??= (async () => {
      try {
        const [nextEpoch, nextReplacing] = await Promise.all([indexer.artEpoch(), replacing()]);
        if (nextEpoch !== epoch || !indexed) await load();
        else if (nextReplacing.key !== replacingKey) show(indexed, nextReplacing);
        else checkedAt = Date.now();
      } catch {
        // The indexer is away: keep serving what we have and try again on a later call.
      } finally {
        checking = undefined;
      }
    })();
    return checking;
  };

  return {
    async get(tokenId) {
      const current = art ?? (await load());
      const piece = current.get(tokenId);
      if (!piece && Date.now() - checkedAt > MISS_RECHECK_MS) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([check(), new Promise<void>((resolve) => (timer = setTimeout(resolve, MISS_WAIT_MS)))]).finally(() => clearTimeout(timer));
        return art?.get(tokenId);
      }
      if (Date.now() - checkedAt > maxAgeMs) void check();
      return piece;
    },
    peek: (tokenId) => art?.get(tokenId),
    get generation() {
      return generation;
    },
    onReload: (listener) => void listeners.push(listener),
    // A check already under way may have asked before the change: wait for it, then ask again.
    refresh: async () => {
      await checking;
      await check();
    },
  };
}
