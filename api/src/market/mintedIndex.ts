import type { IndexerReader, MintedToken } from "../indexer/indexerReader.ts";
import { LOAD_TIMEOUT_MS, MAX_STALE_MS } from "./freshness.ts";
import { staleWhileRevalidate, type Refreshing } from "./staleWhileRevalidate.ts";

/** Minted Pix by token id and by owner, as of one indexer epoch. */
export interface MintedIndex {
  /** New value whenever the content may have changed. */
  stamp: number;
  byToken: ReadonlyMap<number, MintedToken>;
  /** Keyed by lowercase address. */
  byOwner: ReadonlyMap<string, readonly MintedToken[]>;
}

/**
 * How old the minted state may be before a request starts a refresh. Ponder polls the chains every
 * 200 ms; 100 ms here keeps "mint sent -> shown as minted" within about one poll plus one refresh.
 * A refresh is one tiny epoch query; the full table is read only when the epoch moved.
 */
export const MINTED_MAX_AGE_MS = 100;
/** Re-read the whole table at least this often even when the epoch did not move (belt and braces). */
const FULL_RELOAD_MS = 10_000;

let stamps = 0;

function indexTokens(tokens: readonly MintedToken[]): MintedIndex {
  const byToken = new Map<number, MintedToken>();
  const byOwner = new Map<string, MintedToken[]>();
  for (const token of tokens) {
    // Ordered by chain id: should a Pix exist on two chains, the lower chain id is shown.
    if (!byToken.has(token.tokenId)) byToken.set(token.tokenId, token);
    const key = token.owner.toLowerCase();
    const owned = byOwner.get(key);
    if (owned) owned.push(token);
    else byOwner.set(key, [token]);
  }
  return { stamp: ++stamps, byToken, byOwner };
}

function sameTokens(index: MintedIndex, tokens: readonly MintedToken[]): boolean {
  let count = 0;
  for (const list of index.byOwner.values()) count += list.length;
  if (count !== tokens.length) return false;
  return tokens.every((t) => index.byOwner.get(t.owner.toLowerCase())?.some((o) => o.chainId === t.chainId && o.tokenId === t.tokenId));
}

export function mintedIndex(indexer: IndexerReader): Refreshing<MintedIndex> {
  let last: { epoch: string; at: number; index: MintedIndex } | undefined;
  return staleWhileRevalidate(async () => {
    const epoch = await indexer.tokenEpoch();
    if (last && last.epoch === epoch && Date.now() - last.at < FULL_RELOAD_MS) return last.index;
    // Epoch first: a mint landing between the two queries moves the epoch again, so it is re-read.
    const tokens = await indexer.mintedTokens();
    // Unchanged content keeps its index (and stamp), so answers cached for it stay valid.
    const index = last && sameTokens(last.index, tokens) ? last.index : indexTokens(tokens);
    last = { epoch, at: Date.now(), index };
    return index;
  }, { maxAgeMs: MINTED_MAX_AGE_MS, maxStaleMs: MAX_STALE_MS, timeoutMs: LOAD_TIMEOUT_MS });
}
