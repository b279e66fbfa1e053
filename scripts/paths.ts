import { fileURLToPath } from "node:url";
import path from "node:path";

/** The repository root, however a script was started. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const fromRoot = (...parts: string[]): string => path.join(REPO_ROOT, ...parts);

/** Local state that is never committed: chain state, built art, setup stamps. */
export const STATE_DIR = fromRoot(".pixlings");
export const CHAIN_STATE_DIR = fromRoot(".pixlings", "chains");
export const ART_DIR = fromRoot(".pixlings", "art");

/** Deployment records, one `<chainId>.json` each (local ones are gitignored). */
export const DEPLOYMENTS_DIR = fromRoot("deployments");

export const PIXLINGS_ARTIFACT = fromRoot("artifacts", "contracts", "Pixlings.sol", "Pixlings.json");
export const GENERATED_DIR = fromRoot("shared", "src", "generated");
export const GENERATED_ABI_FILE = path.join(GENERATED_DIR, "pixlings.ts");
export const GENERATED_DEPLOYMENTS_FILE = path.join(GENERATED_DIR, "deployments.ts");

export function chainStateFile(chainId: number, dir: string = CHAIN_STATE_DIR): string {
  return path.join(dir, `${chainId}.json`);
}

export function deploymentFile(chainId: number, dir: string = DEPLOYMENTS_DIR): string {
  return path.join(dir, `${chainId}.json`);
}
