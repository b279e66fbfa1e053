import { existsSync, readFileSync } from "node:fs";
import { parseEnv } from "node:util";
import { runsWorker, WORKER_KEY_NAMES, type ProcessRole } from "./processRole.ts";
import { API_ENV_NAMES, pickApiEnv, type ApiEnv } from "./envSchema.ts";

/**
 * The API's own variables (EnvSchema's) from `env`, with the `.env` file filling in what `env`
 * leaves unset. Nothing is written to process.env: the file's other variables (the deployer's
 * key, ...) never reach the API.
 */
export function loadApiEnv(env: ApiEnv, dotEnvFile: string, role: ProcessRole = "all"): Record<string, string> {
  const fromFile = existsSync(dotEnvFile) ? pickApiEnv(parseEnv(readFileSync(dotEnvFile, "utf8")), role) : {};
  return { ...fromFile, ...pickApiEnv(env, role) };
}

/** Names of variables that hold keys or secrets (a deployer's key, a wallet's mnemonic). */
const SECRET_NAME = /PRIVATE_KEY|MNEMONIC|SEED_PHRASE|SECRET/i;

/**
 * Deletes from `env` (the process's environment) the key and secret variables the API does not
 * read, e.g. a DEPLOYER_PRIVATE_KEY exported in the shell that started it: nothing in the process
 * can read them then; in a web process also the worker's keys (WORKER_KEY_NAMES). Returns their names.
 */
export function dropForeignSecrets(env: NodeJS.ProcessEnv, role: ProcessRole = "all"): string[] {
  const own = new Set(runsWorker(role) ? API_ENV_NAMES : API_ENV_NAMES.filter((name) => !WORKER_KEY_NAMES.includes(name)));
  const dropped = Object.keys(env).filter((name) => SECRET_NAME.test(name) && !own.has(name));
  for (const name of dropped) delete env[name];
  return dropped;
}
