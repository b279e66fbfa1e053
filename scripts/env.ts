import { getAddress, type Address } from "viem";
import { z } from "zod";
import { optional, parseEnv, privateKey, type Env } from "@pixlings/shared/env";

const address = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, "must be a 0x-prefixed 20-byte address")
  .transform((value): Address => getAddress(value));

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
  ETHERSCAN_API_KEY: optional(z.string().min(1)),
});

export type ScriptEnv = z.infer<typeof EnvSchema>;

/** Validates the variables scripts read; throws one message listing every bad variable. */
export function readEnv(raw: Env = process.env): ScriptEnv {
  return parseEnv(EnvSchema, raw, "scripts'");
}
