import { getAddress } from "viem";
import type { MintedToken } from "../indexer/indexerReader.ts";
import type { ChainTokenChanges, TokenRow } from "../indexer/queries/readTokenChanges.ts";
import { RunningSums } from "./tokenSums.ts";
import { withTimeout } from "../http/withTimeout.ts";

/** Reads the token rows changed past each chain's block (every row of a chain not in `since`). */
export type ReadTokenChanges = (since: ReadonlyMap<number, bigint>) => Promise<ChainTokenChanges[]>;

/** Minted Pix by token id and by owner, as of one read of the indexer. */
export interface MintedIndex {
  /** New value whenever the content may have changed. */
  stamp: number;
  byToken: ReadonlyMap<number, MintedToken>;
  /** Keyed by lowercase address. */
  byOwner: ReadonlyMap<string, readonly MintedToken[]>;
}

export interface TokenMirrorOptions {
  /** Read every row again at least this often, even when the sums agree (belt and braces). */
  fullReadMs: number;
  /** A read taking longer fails its sync, and its late answer is dropped. */
  timeoutMs: number;
}

export interface TokenMirror {
  /**
   * Brings the mirror up to date with a read that starts after this call, and returns the index.
   * `quick`: never the periodic read of every row (it may be due), only what changed, unless a
   * reorg spoiled the mirror.
   */
  sync(options?: { quick?: boolean }): Promise<MintedIndex>;
  /** The index of the latest successful sync, if any. */
  latest(): MintedIndex | undefined;
  /** How many syncs read only the changed rows, and how many read every row. */
  readonly reads: { incremental: number; full: number };
}

interface Mirrored {
  row: TokenRow;
  token: MintedToken;
}

interface ChainMirror {
  tokens: Map<number, Mirrored>;
  sums: RunningSums;
}

type Chains = Map<number, ChainMirror>;

let stamps = 0;

function mirrored(chainId: number, row: TokenRow): Mirrored {
  return { row, token: { chainId, tokenId: row.tokenId, owner: getAddress(row.owner) } };
}

/** False when a row is older than the one mirrored (only a reorg does that): `chain` is then spoiled. */
function applyRows(chain: ChainMirror, chainId: number, rows: readonly TokenRow[]): boolean {
  for (const row of rows) {
    const old = chain.tokens.get(row.tokenId);
    if (old && row.updatedBlock < old.row.updatedBlock) return false;
    if (old) chain.sums.replace(old.row, row);
    else chain.sums.add(row);
    chain.tokens.set(row.tokenId, mirrored(chainId, row));
  }
  return true;
}

/** The mirror a full read gives; rows unchanged since `previous` keep their token object (no checksumming again). */
function fromFullRead(changes: readonly ChainTokenChanges[], previous: Chains | undefined): Chains {
  const chains: Chains = new Map();
  for (const { chainId, changed } of changes) {
    const chain: ChainMirror = { tokens: new Map(), sums: new RunningSums() };
    const before = previous?.get(chainId)?.tokens;
    for (const row of changed) {
      const old = before?.get(row.tokenId);
      chain.sums.add(row);
      chain.tokens.set(row.tokenId, old && old.row.owner === row.owner && old.row.updatedBlock === row.updatedBlock ? old : mirrored(chainId, row));
    }
    chains.set(chainId, chain);
  }
  return chains;
}

/**
 * Applies an incremental read; false when the rows do not explain the indexer's sums (a reorg
 * removed a row or took one back to an earlier block): `chains` is then spoiled.
 */
function applyChanges(chains: Chains, changes: readonly ChainTokenChanges[]): boolean {
  if ([...chains.keys()].some((chainId) => !changes.some((c) => c.chainId === chainId))) return false;
  for (const { chainId, sums, changed } of changes) {
    let chain = chains.get(chainId);
    if (!chain) chains.set(chainId, (chain = { tokens: new Map(), sums: new RunningSums() }));
    if (!applyRows(chain, chainId, changed) || !chain.sums.equals(sums)) return false;
  }
  return true;
}

function sameContent(a: Chains, b: Chains): boolean {
  if (a.size !== b.size) return false;
  for (const [chainId, chain] of a) {
    const other = b.get(chainId);
    if (!other || other.tokens.size !== chain.tokens.size) return false;
    for (const [tokenId, { row }] of chain.tokens) {
      const o = other.tokens.get(tokenId)?.row;
      if (!o || o.owner !== row.owner || o.updatedBlock !== row.updatedBlock) return false;
    }
  }
  return true;
}

function indexOf(chains: Chains): MintedIndex {
  const byToken = new Map<number, MintedToken>();
  const byOwner = new Map<string, MintedToken[]>();
  // By chain id: should a Pix exist on two chains, the lower chain id is shown.
  for (const chainId of [...chains.keys()].sort((a, b) => a - b)) {
    for (const { row, token } of chains.get(chainId)!.tokens.values()) {
      if (!byToken.has(token.tokenId)) byToken.set(token.tokenId, token);
      const owned = byOwner.get(row.owner);
      if (owned) owned.push(token);
      else byOwner.set(row.owner, [token]);
    }
  }
  return { stamp: ++stamps, byToken, byOwner };
}

/** Reads in flight at once, at most: a sync beyond waits for one to end before its own read starts. */
const MAX_READS_IN_FLIGHT = 3;

/**
 * The indexer's token table mirrored in memory. A sync reads, in one statement, only the rows
 * changed past the last block mirrored per chain, plus per-chain sums over all rows; when the
 * mirror with those rows applied does not add up to the sums (a reorg dropped a mint or undid a
 * transfer), it reads every row instead. Syncs do not wait for each other: the one a change notice
 * starts must not queue behind a read sent before the change. Reads are numbered as they start, and
 * an answer is dropped once a later-started one was applied. Unchanged content keeps its index
 * (and stamp), so answers cached for it stay valid.
 */
export function createTokenMirror(read: ReadTokenChanges, options: TokenMirrorOptions): TokenMirror {
  let state: { chains: Chains; fullAt: number; index: MintedIndex } | undefined;
  let published: MintedIndex | undefined;
  /** The chains of the last good state, kept when a reorg spoils it (their token objects are reused). */
  let lastChains: Chains | undefined;
  let started = 0;
  let applied = 0;
  let inFlight = 0;
  const waiting: (() => void)[] = [];
  const reads = { incremental: 0, full: 0 };

  const acquire = async (): Promise<void> => {
    if (inFlight < MAX_READS_IN_FLIGHT) inFlight++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
  };
  const release = (): void => {
    const next = waiting.shift();
    if (next) next();
    else inFlight--;
  };

  function applyFull(seq: number, changes: readonly ChainTokenChanges[]): MintedIndex {
    reads.full++;
    const chains = fromFullRead(changes, state?.chains ?? lastChains);
    lastChains = undefined;
    const index = state && sameContent(state.chains, chains) ? state.index : indexOf(chains);
    state = { chains, fullAt: performance.now(), index };
    applied = seq;
    return (published = index);
  }

  async function sync(everyRow: boolean, quick: boolean): Promise<MintedIndex> {
    await acquire();
    const seq = ++started;
    const full = everyRow || !state || (!quick && performance.now() - state.fullAt >= options.fullReadMs);
    const since = full || !state ? new Map<number, bigint>() : new Map([...state.chains].map(([chainId, chain]) => [chainId, chain.sums.maxBlock]));
    let changes: ChainTokenChanges[];
    try {
      changes = await withTimeout(read(since), options.timeoutMs);
    } finally {
      release();
    }
    // A read that started later was applied already: it saw at least what this one saw.
    if (seq < applied && published) return published;
    if (full) return applyFull(seq, changes);
    // Another sync found the rows spoiled and reads them all: so must this one.
    if (!state) return sync(true, quick);
    reads.incremental++;
    if (!applyChanges(state.chains, changes)) {
      lastChains = state.chains;
      state = undefined;
      return sync(true, quick);
    }
    applied = seq;
    if (changes.some((c) => c.changed.length > 0)) state.index = indexOf(state.chains);
    return (published = state.index);
  }

  return { sync: (syncOptions) => sync(false, syncOptions?.quick ?? false), latest: () => published, reads };
}
