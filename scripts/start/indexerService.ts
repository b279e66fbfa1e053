import path from "node:path";
import { networkOfChain, NETWORKS, rpcUrlOf } from "@pixlings/shared/networks";
import { deploymentOf } from "@pixlings/shared/contract";
import { startPonder, type PonderProcess } from "../indexer/ponderProcess.ts";
import { describePlan, planIndexerRun, resetPgliteIfChainsChanged } from "../indexer/runPlan.ts";
import type { DeployAndUploadResult } from "../deploy/deployChain.ts";
import { readDeploymentRecord } from "../deploy/deploymentFile.ts";
import { prefixedWriter } from "../process/prefixOutput.ts";
import type { Service } from "../process/service.ts";
import type { RunningChain } from "../chains/localChains.ts";
import type { IndexerViews, StackConfig } from "./stackConfig.ts";
import type { Env } from "@pixlings/shared/env";

export type IndexerService = Service & {
  ponder: PonderProcess;
  url: string;
  /** The PIXLINGS_INDEXER_CHAINS it runs with: the API sells on exactly these chains. */
  chainsJson: string;
  /** On Postgres (DATABASE_URL): where its views are, for the API to read them directly. */
  views: IndexerViews | undefined;
  /** The schema lock Ponder takes (in this PGlite, or else in DATABASE_URL's Postgres), for the run record. */
  lock: { schema: string; pgliteDir?: string };
  /** What identifies the local chains' history (ids, contracts, start blocks, deployment times). */
  localChainsKey: string;
};

/**
 * The chains Ponder follows: the local chains exactly as this run prepared them, plus Sepolia /
 * Amoy when their RPC URL is set and a deployment is recorded (as `npm run indexer` would).
 */
function indexerChains(chains: readonly RunningChain[], results: readonly DeployAndUploadResult[], env: Env): string {
  const local = chains.map((chain, i) => ({
    chainId: chain.chainId,
    rpcUrl: chain.url,
    address: results[i]!.deployment.address,
    startBlock: Number(results[i]!.deployment.blockNumber),
  }));
  const publicChains = [NETWORKS.sepolia, NETWORKS.amoy]
    .filter((n) => rpcUrlOf(networkOfChain(n.chainId)!, env) !== undefined && deploymentOf(n.chainId) !== undefined)
    .map((n) => ({ chainId: n.chainId }));
  return JSON.stringify([...local, ...publicChains]);
}

/**
 * Ponder (`ponder start`, PGlite in the stack's indexer dir unless DATABASE_URL is set) for the
 * prepared chains, on 127.0.0.1:`config.indexerPort`, in its own process group.
 */
export function startIndexerService(p: {
  config: StackConfig;
  chains: readonly RunningChain[];
  results: readonly DeployAndUploadResult[];
  env?: Env;
}): IndexerService {
  const { config, chains, results } = p;
  const env = p.env ?? process.env;
  const overrides = {
    PIXLINGS_INDEXER_CHAINS: env.PIXLINGS_INDEXER_CHAINS || indexerChains(chains, results, env),
    PIXLINGS_INDEXER_PGLITE_DIR: env.PIXLINGS_INDEXER_PGLITE_DIR || path.join(config.dirs.indexer, "pglite"),
    PIXLINGS_INDEXER_PORT: String(config.indexerPort),
  };
  const deployedAtOf = (chainId: number): string | undefined =>
    readDeploymentRecord(chainId, config.dirs.deployments)?.deployedAt ?? deploymentOf(chainId)?.deployedAt;
  const plan = planIndexerRun({ ...env, ...overrides }, deployedAtOf);
  for (const reason of plan.skipped) console.warn(`[indexer] skipping ${reason}`);
  const reset = resetPgliteIfChainsChanged(plan);
  if (reset) console.log(`[indexer] ${reset}`);
  for (const line of describePlan(plan)) console.log(`[indexer] ${line}`);
  // Ponder warns about a "public RPC URL" for any URL it does not know, our loopback chains too.
  const write = prefixedWriter("[indexer] ", process.stderr, (line) => /Detected public RPC URL.*url=http:\/\/127\.0\.0\.1[:/]/.test(line));
  const ponder = startPonder({
    port: plan.port,
    schema: plan.schema,
    viewsSchema: plan.viewsSchema,
    logLevel: "warn",
    detached: true,
    onOutput: write,
    env: { ...overrides, DATABASE_SCHEMA: plan.schema },
  });
  return {
    chainsJson: overrides.PIXLINGS_INDEXER_CHAINS,
    views: plan.database.kind === "postgres" ? { databaseUrl: plan.database.connectionString, schema: plan.viewsSchema } : undefined,
    lock: { schema: plan.schema, ...(plan.database.kind === "pglite" ? { pgliteDir: plan.database.directory } : {}) },
    localChainsKey: plan.localChainsKey,
    name: "Indexer (Ponder)",
    ponder,
    url: ponder.url,
    exited: ponder.exited,
    stop: () => ponder.stop(),
  };
}
