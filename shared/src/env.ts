import { getAddress, type Address } from "viem";
import { z } from "zod";

/** A process environment, or the part of one a package reads. */
export type Env = Readonly<Record<string, string | undefined>>;

/** Empty values count as unset, so `FOO=` in `.env` falls back to the default. */
export const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

/** A whole number of at least `min` (env values are strings: coerced). */
export const intAtLeast = (min: number) => z.coerce.number().int().min(min);

/** A TCP port; 0 asks the system for a free one. */
export const port = z.coerce.number().int().min(0).max(65535);

/**
 * Validates `env` against `schema`; throws one error listing every bad variable, with `label`
 * naming whose environment it is ("API", "scripts", ...).
 */
export function parseEnv<T extends z.ZodType>(schema: T, env: Env, label: string): z.infer<T> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
  throw new Error(`Invalid ${label} environment (see .env.example):\n${problems.join("\n")}`);
}

/** A private key as env holds it: 0x and 32 bytes of hex. */
export const privateKey = z
  .string()
  .regex(/^0x[0-9a-fA-F]{64}$/, "must be a 0x-prefixed 32-byte hex private key")
  .transform((value): `0x${string}` => value as `0x${string}`);

/** An account address as env holds it: 0x and 20 bytes of hex (any case), checksummed. */
export const address = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, "must be a 0x-prefixed 20-byte hex address")
  .transform((value): Address => getAddress(value));
