import path from "node:path";
import { getAddress, isAddress, type Address } from "viem";
import { pixChain } from "../chains.ts";
import { deploymentOf } from "../contract.ts";
import { NETWORKS, NETWORK_NAMES, networkOfChain, rpcUrlOf, type NetworkName } from "../networks.ts";
import type { Env } from "../env.ts";
import { REPO_ROOT } from "./paths.ts";

/** Default home of the indexer's embedded PGlite database. */
export const DEFAULT_PGLITE_DIR = path.join(REPO_ROOT, ".pixlings", "indexer", "pglite");
/**
 * Polling interval of local chains (ms). Ponder takes new blocks as anvil pushes them (`ws`
 * below), so the poll only catches what no push announces (blocks mined before the subscription
 * began or while it reconnects, a revert to a shorter chain) and gives the head after many blocks
 * at once. It is most of what an idle indexer costs: polled every 100 ms, Ponder and the two
 * anvils of an idle test world took about 0.2 of a core; every 500 ms, 0.08 (28 Nov, 20 s idle). (Once blamed
 * for "Sales are paused" after 30 blocks mined at once, at 500 ms: that was late pushes taken for
 * a reorg, fixed in the Ponder patch since, 27 Nov.) Public chains default to 1 s.
 */
export const LOCAL_POLLING_MS = 500;
const PUBLIC_POLLING_MS = 1_000;
/**
 * Ponder 0.16 limits each RPC URL to 20 requests/s at first (raising it slowly), which makes a
 * local anvil look slow: the 30 unfinalized blocks alone take about 3 s. Ponder load-balances over
 * every URL listed, each with its own limit, so a local chain's URL is listed this many times.
 */
export const LOCAL_RPC_FANOUT = 10;

/** One chain the indexer follows. */
export interface IndexedChain {
  /** Ponder's chain name: the network name (localEthereum, sepolia, ...) or `chain<id>`. */
  name: string;
  chainId: number;
  rpcUrl: string;
  /** What Ponder gets: `rpcUrl`, listed LOCAL_RPC_FANOUT times for a local chain. */
  rpc: string[];
  address: Address;
  startBlock: number;
  pollingInterval: number;
  /**
   * A local chain's WebSocket URL (anvil serves it on the RPC port): Ponder, patched
   * (patches/ponder@0.16.10.patch), takes each new block as anvil pushes it and still polls.
   */
  ws?: string;
}

/** One entry of PIXLINGS_INDEXER_CHAINS; missing fields come from the network table and deployments. */
interface ChainOverride {
  chainId: number;
  rpcUrl?: string;
  address?: string;
  startBlock?: number;
}

function pollingOf(chainId: number, env: Env): number {
  const raw = env.PIXLINGS_INDEXER_POLLING_MS;
  if (raw) {
    const ms = Number(raw);
    if (!Number.isInteger(ms) || ms < 100) throw new RangeError(`PIXLINGS_INDEXER_POLLING_MS must be an integer >= 100, not "${raw}"`);
    return ms;
  }
  return pixChain(chainId).local ? LOCAL_POLLING_MS : PUBLIC_POLLING_MS;
}

function parseOverrides(raw: string): ChainOverride[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (error) {
    throw new Error(`PIXLINGS_INDEXER_CHAINS is not JSON: ${(error as Error).message}`);
  }
  if (!Array.isArray(parsed) || parsed.length === 0) {
    throw new Error("PIXLINGS_INDEXER_CHAINS must be a non-empty JSON array of {chainId, rpcUrl?, address?, startBlock?}");
  }
  return parsed.map((entry: unknown, i) => {
    const e = (entry ?? {}) as Record<string, unknown>;
    const where = `PIXLINGS_INDEXER_CHAINS[${i}]`;
    if (!Number.isInteger(e.chainId)) throw new Error(`${where}.chainId must be an integer`);
    if (e.rpcUrl !== undefined && typeof e.rpcUrl !== "string") throw new Error(`${where}.rpcUrl must be a string`);
    if (e.address !== undefined && (typeof e.address !== "string" || !isAddress(e.address))) {
      throw new Error(`${where}.address must be a 0x address`);
    }
    if (e.startBlock !== undefined && (!Number.isInteger(e.startBlock) || (e.startBlock as number) < 0)) {
      throw new Error(`${where}.startBlock must be a block number`);
    }
    return e as unknown as ChainOverride;
  });
}

function resolveChain(o: ChainOverride, env: Env): IndexedChain | string {
  const chainId = o.chainId;
  pixChain(chainId); // throws for chains Pixlings does not know
  const network: NetworkName | undefined = networkOfChain(chainId);
  const rpcUrl = o.rpcUrl ?? (network ? rpcUrlOf(network, env) : undefined);
  if (!rpcUrl) return `chain ${chainId}: no RPC URL`;
  const deployment = deploymentOf(chainId);
  const address = o.address ?? deployment?.address;
  if (!address) return `chain ${chainId}: no recorded deployment (run \`npm run chains\` or \`npm run deploy\`)`;
  const startBlock = o.startBlock ?? (o.address === undefined ? deployment?.blockNumber : undefined) ?? 0;
  const local = pixChain(chainId).local;
  return {
    name: network ?? `chain${chainId}`,
    chainId,
    rpcUrl,
    rpc: Array<string>(local ? LOCAL_RPC_FANOUT : 1).fill(rpcUrl),
    address: getAddress(address),
    startBlock,
    pollingInterval: pollingOf(chainId, env),
    ...(local ? { ws: rpcUrl.replace(/^http/, "ws") } : {}),
  };
}

/**
 * The chains to index. PIXLINGS_INDEXER_CHAINS (JSON array) replaces the default list; otherwise
 * both local chains (ports from LOCAL_*_RPC_PORT), plus Sepolia and Amoy when SEPOLIA_RPC_URL /
 * AMOY_RPC_URL are set. Address and start block come from the recorded deployment unless given.
 * Default chains without a deployment are skipped (and reported in `skipped`).
 */
export function indexedChains(env: Env): { chains: IndexedChain[]; skipped: string[] } {
  const explicit = env.PIXLINGS_INDEXER_CHAINS?.trim();
  const wanted: ChainOverride[] = explicit
    ? parseOverrides(explicit)
    : NETWORK_NAMES.filter((name) => NETWORKS[name].local || rpcUrlOf(name, env) !== undefined).map((name) => ({
        chainId: NETWORKS[name].chainId,
      }));
  const chains: IndexedChain[] = [];
  const skipped: string[] = [];
  for (const o of wanted) {
    const resolved = resolveChain(o, env);
    if (typeof resolved === "string") {
      if (explicit) throw new Error(`PIXLINGS_INDEXER_CHAINS: ${resolved}`);
      skipped.push(resolved);
    } else {
      if (chains.some((c) => c.chainId === resolved.chainId)) throw new Error(`chain ${resolved.chainId} is listed twice`);
      chains.push(resolved);
    }
  }
  if (chains.length === 0) throw new Error(`No chain to index: ${skipped.join("; ")}`);
  return { chains, skipped };
}

export type DatabaseConfig = { kind: "pglite"; directory: string } | { kind: "postgres"; connectionString: string };

/** Postgres when DATABASE_URL is set; otherwise PGlite in PIXLINGS_INDEXER_PGLITE_DIR (default .pixlings/indexer/pglite). */
export function databaseConfig(env: Env): DatabaseConfig {
  if (env.DATABASE_URL) return { kind: "postgres", connectionString: env.DATABASE_URL };
  const dir = env.PIXLINGS_INDEXER_PGLITE_DIR || DEFAULT_PGLITE_DIR;
  return { kind: "pglite", directory: path.resolve(REPO_ROOT, dir) };
}
