import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pixChain } from "@pixlings/shared/chains";
import { deploymentOf } from "@pixlings/shared/contract";
import { DEFAULT_INDEXER_PORT, DEFAULT_VIEWS_SCHEMA } from "@pixlings/shared/defaults";
import type { Env } from "@pixlings/shared/env";
import { databaseConfig, indexedChains, type DatabaseConfig, type IndexedChain } from "@pixlings/shared/node/indexerConfig";
import { buildSchemaName } from "./ponderProcess.ts";

/** Everything `ponder start` is run with, resolved from the environment (as `npm run indexer` and `npm start` do). */
export interface IndexerRunPlan {
  chains: IndexedChain[];
  /** Default chains left out (no RPC URL or no deployment), for a warning. */
  skipped: string[];
  database: DatabaseConfig;
  port: number;
  schema: string;
  viewsSchema: string;
  /** What identifies the local chains' history (ids, addresses, start blocks, deployment times). */
  localChainsKey: string;
}

/** When was the chain's contract deployed (default: the generated deployments module). */
export type DeployedAtOf = (chainId: number) => string | undefined;

export function planIndexerRun(env: Env, deployedAtOf: DeployedAtOf = (chainId) => deploymentOf(chainId)?.deployedAt): IndexerRunPlan {
  const { chains, skipped } = indexedChains(env);
  const port = Number(env.PIXLINGS_INDEXER_PORT || DEFAULT_INDEXER_PORT);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new RangeError("PIXLINGS_INDEXER_PORT must be a port number");
  // What identifies the chains' history: a redeployed local chain (npm start -- --fresh) has a new
  // deployment record, so the schema name changes with it and so does the PGlite marker.
  const keys = chains.map((c) => [c.chainId, c.address, c.startBlock, deployedAtOf(c.chainId) ?? null] as const);
  const chainsKey = JSON.stringify(keys);
  return {
    chains,
    skipped,
    database: databaseConfig(env),
    port,
    schema: env.DATABASE_SCHEMA || buildSchemaName(chainsKey),
    viewsSchema: env.DATABASE_VIEWS_SCHEMA || DEFAULT_VIEWS_SCHEMA,
    localChainsKey: JSON.stringify(keys.filter(([id]) => pixChain(id).local)),
  };
}

/**
 * Ponder's RPC cache trusts finalized blocks forever; a local chain started over has other blocks
 * under the same numbers. With PGlite, deletes the database when the local chains changed since
 * the last run (remembered next to it). Returns a message when it did.
 */
export function resetPgliteIfChainsChanged(plan: IndexerRunPlan): string | undefined {
  if (plan.database.kind !== "pglite") return undefined;
  const { directory } = plan.database;
  const marker = `${directory}.chains.json`;
  const previous = existsSync(marker) ? readFileSync(marker, "utf8") : undefined;
  let message: string | undefined;
  if (previous !== undefined && previous !== plan.localChainsKey && existsSync(directory)) {
    message = `the local chains were redeployed; clearing ${directory}`;
    rmSync(directory, { recursive: true, force: true });
  }
  mkdirSync(path.dirname(directory), { recursive: true });
  writeFileSync(marker, plan.localChainsKey);
  return message;
}

export function describePlan(plan: IndexerRunPlan): string[] {
  const where = plan.database.kind === "pglite" ? `PGlite ${plan.database.directory}` : "Postgres (DATABASE_URL)";
  return [
    plan.chains.map((c) => `${c.name} (${c.chainId}) ${c.address} from block ${c.startBlock}`).join(", "),
    `${where}, schema ${plan.schema}, views ${plan.viewsSchema}, http://127.0.0.1:${plan.port}`,
  ];
}
