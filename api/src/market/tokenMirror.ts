import { getAddress } from "viem";
import type { MintedToken } from "../indexer/indexerReader.ts";
import type { ChainTokenChanges, TokenRow } from "../indexer/queries/readTokenChanges.ts";
import type { MintedIndex } from "./mintedIndex.ts";
import { RunningSums } from "./tokenSums.ts";

/** Reads the token rows changed past each chain's block (every row of a chain not in `since`). */
export type ReadTokenChanges = (since: ReadonlyMap<number, bigint>) => Promise<ChainTokenChanges[]>;

export interface TokenMirrorOptions {
  /** Read every row again at least this often, even when the sums agree (belt and braces). */
  fullReadMs: number;
  /** A sync taking longer fails, and its late answer is dropped (the next sync starts afresh). */
  timeoutMs: number;
}

export interface TokenMirror {
  /**
   * Brings the mirror up to date with a read that starts after this call (one sync at a time: a
   * call during a sync is served by the next one) and returns the index.
   */
  sync(): Promise<MintedIndex>;
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

function applyRows(chain: ChainMirror, chainId: number, rows: readonly TokenRow[]): void {
  for (const row of rows) {
    const old = chain.tokens.get(row.tokenId);
    if (old) chain.sums.replace(old.row, row);
    else chain.sums.add(row);
    chain.tokens.set(row.tokenId, mirrored(chainId, row));
  }
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
    applyRows(chain, chainId, changed);
    if (!chain.sums.equals(sums)) return false;
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

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The indexer's token table mirrored in memory. A sync reads, in one statement, only the rows
 * changed past the last block mirrored per chain, plus per-chain sums over all rows; when the
 * mirror with those rows applied does not add up to the sums (a reorg dropped a mint or undid a
 * transfer), it reads every row instead. Unchanged content keeps its index (and stamp), so answers
 * cached for it stay valid.
 */
export function createTokenMirror(read: ReadTokenChanges, options: TokenMirrorOptions): TokenMirror {
  let state: { chains: Chains; fullAt: number; index: MintedIndex } | undefined;
  let published: MintedIndex | undefined;
  /** The chains of the last good state, kept when a reorg spoils it (their token objects are reused). */
  let lastChains: Chains | undefined;
  let generation = 0;
  const reads = { incremental: 0, full: 0 };

  async function readAll(gen: number): Promise<MintedIndex | undefined> {
    const changes = await read(new Map());
    if (gen !== generation) return undefined;
    reads.full++;
    const chains = fromFullRead(changes, state?.chains ?? lastChains);
    lastChains = undefined;
    const index = state && sameContent(state.chains, chains) ? state.index : indexOf(chains);
    state = { chains, fullAt: performance.now(), index };
    return index;
  }

  async function syncOnce(gen: number): Promise<MintedIndex | undefined> {
    if (!state || performance.now() - state.fullAt >= options.fullReadMs) return readAll(gen);
    const since = new Map([...state.chains].map(([chainId, chain]) => [chainId, chain.sums.maxBlock]));
    const changes = await read(since);
    if (gen !== generation || !state) return undefined;
    reads.incremental++;
    if (!applyChanges(state.chains, changes)) {
      lastChains = state.chains;
      state = undefined;
      return readAll(gen);
    }
    if (changes.some((c) => c.changed.length > 0)) state.index = indexOf(state.chains);
    return state.index;
  }

  let running: Promise<MintedIndex> | undefined;
  let queued: Promise<MintedIndex> | undefined;
  const start = (): Promise<MintedIndex> => {
    const gen = ++generation;
    running = withTimeout(
      syncOnce(gen).then((index) => {
        if (!index) throw new Error("sync superseded");
        published = index;
        return index;
      }),
      options.timeoutMs,
    ).finally(() => {
      running = undefined;
      // A sync that timed out may still answer: it must not write over a later one.
      if (gen === generation) generation++;
    });
    return running;
  };
  const sync = (): Promise<MintedIndex> => {
    if (!running) return start();
    queued ??= running
      .catch(() => undefined)
      .then(() => {
        queued = undefined;
        return sync();
      });
    return queued;
  };

  return { sync, latest: () => published, reads };
}
