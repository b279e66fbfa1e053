import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseEnv } from "node:util";
import { getAddress, type Address, type Hex } from "viem";
import { z } from "zod";
import { REPO_ROOT } from "./paths.ts";

type RawEnv = Readonly<Record<string, string | undefined>>;

/** Empty values count as unset, so `FOO=` in `.env` falls back to the default. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

const address = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, "must be a 0x-prefixed 20-byte address")
  .transform((value): Address => getAddress(value));

const privateKey = z
  .string()
  .regex(/^0x[0-9a-fA-F]{64}$/, "must be a 0x-prefixed 32-byte hex private key")
  .transform((value): Hex => value as Hex);

const EnvSchema = z.object({
  DEPLOYER_PRIVATE_KEY: optional(privateKey),
  SEPOLIA_RPC_URL: optional(z.url()),
  AMOY_RPC_URL: optional(z.url()),
  LOCAL_ETHEREUM_RPC_PORT: optional(z.coerce.number().int().min(1).max(65535)),
  LOCAL_POLYGON_RPC_PORT: optional(z.coerce.number().int().min(1).max(65535)),
  PIXLINGS_OWNER: optional(address),
  PIXLINGS_SIGNER: optional(address),
  PIXLINGS_MINTER: optional(address),
  PIXLINGS_ART_ADMIN: optional(address),
  PIXLINGS_CUSTODY: optional(address),
  PIXLINGS_WITHDRAW_RECIPIENT: optional(address),
  PIXLINGS_ROYALTY_RECEIVER: optional(address),
  PIXLINGS_ROYALTY_BPS: optional(z.coerce.number().int().min(0).max(10_000)),
});

export type ScriptEnv = z.infer<typeof EnvSchema>;

/** Copies variables from the repo's `.env` into process.env, never overriding what is set. */
export function loadDotEnv(file: string = path.join(REPO_ROOT, ".env")): void {
  if (!existsSync(file)) return;
  for (const [key, value] of Object.entries(parseEnv(readFileSync(file, "utf8")))) {
    if (process.env[key] === undefined) process.env[key] = value;
  }
}

/** Validates the variables scripts read; throws one message listing every bad variable. */
export function readEnv(raw: RawEnv = process.env): ScriptEnv {
  const result = EnvSchema.safeParse(raw);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
  throw new Error(`Invalid environment (see .env.example):\n${problems.join("\n")}`);
}
