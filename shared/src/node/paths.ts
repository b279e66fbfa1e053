import path from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root (shared/src/node/../../..), however a process was started. */
export const REPO_ROOT: string = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "..");

/** A path inside the repository. */
export const fromRepoRoot = (...parts: string[]): string => path.join(REPO_ROOT, ...parts);

/** The repo's `.env`, read by every process at start for what its environment leaves unset. */
export const DOT_ENV_FILE = fromRepoRoot(".env");

/** The API's entry point, started as its own process by `npm start` and by tests. */
export const API_MAIN = fromRepoRoot("api", "src", "main.ts");

/** The Ponder app (its --root). */
export const INDEXER_DIR = fromRepoRoot("indexer");
