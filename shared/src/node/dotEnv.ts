import { existsSync, readFileSync } from "node:fs";
import { parseEnv as parseEnvText } from "node:util";
import { DOT_ENV_FILE } from "./paths.ts";

/** The variables of a `.env` file (none when it does not exist). */
function readDotEnv(file: string = DOT_ENV_FILE): Record<string, string> {
  if (!existsSync(file)) return {};
  return Object.fromEntries(Object.entries(parseEnvText(readFileSync(file, "utf8"))).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

/** Copies the `.env` file's variables into `env` without overriding what is already set. */
export function loadDotEnv(env: Record<string, string | undefined> = process.env, file: string = DOT_ENV_FILE): void {
  for (const [key, value] of Object.entries(readDotEnv(file))) if (env[key] === undefined) env[key] = value;
}
