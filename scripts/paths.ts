import path from "node:path";
import { fromRepoRoot as fromRoot, REPO_ROOT } from "@pixlings/shared/node/paths";
import type { Env } from "@pixlings/shared/env";

export { REPO_ROOT };

/** Local state that is never committed: chain state, built art, setup stamps. */
const STATE_DIR = fromRoot(".pixlings");
export const CHAIN_STATE_DIR = fromRoot(".pixlings", "chains");
export const ART_DIR = fromRoot(".pixlings", "art");

/** Deployment records, one `<chainId>.json` each (local ones are gitignored). */
export const DEPLOYMENTS_DIR = fromRoot("deployments");

export const PIXLINGS_ARTIFACT = fromRoot("artifacts", "contracts", "Pixlings.sol", "Pixlings.json");
const GENERATED_DIR = fromRoot("shared", "src", "generated");
export const GENERATED_ABI_FILE = path.join(GENERATED_DIR, "pixlings.ts");
export const GENERATED_DEPLOYMENTS_FILE = path.join(GENERATED_DIR, "deployments.ts");

/** Where `npm start` keeps its state; `PIXLINGS_STATE_DIR` / `PIXLINGS_DEPLOYMENTS_DIR` move it (tests). */
export interface StackDirs {
  /** `.pixlings` by default (the built art stays in the repo's `.pixlings/art` either way). */
  root: string;
  chains: string;
  /** Ponder's PGlite (`indexer/pglite`), cleared by `--fresh`. */
  indexer: string;
  /** The API's PGlite. */
  apiDb: string;
  /** The local Stripe stand-in's state.json (its payments survive a restart, like the API's database). */
  stripe: string;
  /** Local deployment records; only the default one also regenerates shared/src/generated/deployments.ts. */
  deployments: string;
  deploymentsIsDefault: boolean;
}

export function stackDirs(env: Env = process.env): StackDirs {
  const root = env.PIXLINGS_STATE_DIR ? path.resolve(REPO_ROOT, env.PIXLINGS_STATE_DIR) : STATE_DIR;
  const deployments = env.PIXLINGS_DEPLOYMENTS_DIR ? path.resolve(REPO_ROOT, env.PIXLINGS_DEPLOYMENTS_DIR) : DEPLOYMENTS_DIR;
  return {
    root,
    chains: path.join(root, "chains"),
    indexer: path.join(root, "indexer"),
    apiDb: path.join(root, "api-db"),
    stripe: path.join(root, "stripe"),
    deployments,
    deploymentsIsDefault: deployments === DEPLOYMENTS_DIR,
  };
}

export function chainStateFile(chainId: number, dir: string = CHAIN_STATE_DIR): string {
  return path.join(dir, `${chainId}.json`);
}

export function deploymentFile(chainId: number, dir: string = DEPLOYMENTS_DIR): string {
  return path.join(dir, `${chainId}.json`);
}
