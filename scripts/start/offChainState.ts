import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Env } from "@pixlings/shared/env";
import { REPO_ROOT, type StackDirs } from "../paths.ts";

/**
 * The state `npm start` keeps beside the chains that names them: the API's database (card and
 * freemint orders, holds, key nonces and job transactions name contracts, blocks and transactions)
 * and the local Stripe stand-in's payments (they name the API's orders).
 */
export interface OffChainState {
  /** The API's PGlite directory; undefined when the API uses Postgres (DATABASE_URL), which `npm start` never clears. */
  apiDb: string | undefined;
  stripe: string;
}

export function offChainStateOf(dirs: StackDirs, env: Env = process.env): OffChainState {
  const apiDb = env.DATABASE_URL ? undefined : env.API_PGLITE_DIR ? path.resolve(REPO_ROOT, env.API_PGLITE_DIR) : dirs.apiDb;
  return { apiDb, stripe: dirs.stripe };
}

/** Where the local chains the API database was made with are remembered (beside it, as the indexer's). */
const markerOf = (apiDb: string): string => `${apiDb}.chains.json`;

function clear(state: OffChainState): string[] {
  const cleared = [state.apiDb, state.stripe].filter((dir): dir is string => dir !== undefined && existsSync(dir));
  for (const dir of cleared) rmSync(dir, { recursive: true, force: true });
  return cleared;
}

function remember(state: OffChainState, chainsKey: string): void {
  if (!state.apiDb) return;
  mkdirSync(path.dirname(state.apiDb), { recursive: true });
  writeFileSync(markerOf(state.apiDb), chainsKey);
}

/**
 * `--fresh`: the API's PGlite database and the Stripe stand-in's state start over with the chains.
 * Answers what it said: on Postgres, that the database is left as it is (the API refuses to start
 * on it if it names the old chains: api/src/config/checkDeployments.ts).
 */
export function startOffChainStateOver(state: OffChainState): string {
  if (state.apiDb) rmSync(markerOf(state.apiDb), { force: true });
  const cleared = clear(state);
  const what = cleared.length > 0 ? `cleared ${cleared.join(" and ")}` : "no API database or Stripe state to clear";
  return state.apiDb ? what : `${what}; the API's Postgres database (DATABASE_URL) is never cleared: the API refuses to start if it names other chains`;
}

/**
 * After the local chains are prepared: when the API's PGlite database was made with other local
 * chains (a chain started over or redeployed: `chainsKey` names their ids, contracts, start blocks
 * and deployment times), or with chains it cannot tell (a database from before this marker), it
 * starts over with the Stripe stand-in's state, rather than keep orders, holds, nonces and
 * transactions of contracts and blocks that no longer exist. Answers a message when it did. Never
 * on Postgres: the API's own check refuses there.
 */
export function startOffChainStateOverIfChainsChanged(state: OffChainState, chainsKey: string): string | undefined {
  if (!state.apiDb) return undefined;
  const marker = markerOf(state.apiDb);
  const previous = existsSync(marker) ? readFileSync(marker, "utf8") : undefined;
  let message: string | undefined;
  if (previous !== chainsKey && existsSync(state.apiDb)) {
    const why =
      previous === undefined ? "was made with local chains this start cannot tell" : "was made with local chains that were since started over or redeployed";
    message = `The API database ${why}: starting it over with the Stripe stand-in's state (cleared ${clear(state).join(" and ")})`;
  }
  remember(state, chainsKey);
  return message;
}
