import { parseArgs, type ParseArgsOptionsConfig } from "node:util";
import { getAddress, parseUnits, type Address } from "viem";
import { z } from "zod";
import { COLLECTION, isValidTokenId } from "@pixlings/shared/collection";
import { NETWORK_NAMES, type NetworkName } from "@pixlings/shared/networks";
import { UsageError, type OptionValues } from "./command.ts";

/** The options every command takes: where, whether to send, which key. */
export interface CommonOptions {
  /** One network, or every network with a recorded deployment (`--all`). */
  networks: NetworkName[] | "all";
  yes: boolean;
  /** The env variable holding the signing key, instead of the role's default. */
  keyEnv: string | undefined;
  help: boolean;
}

const COMMON_OPTIONS = {
  network: { type: "string" },
  all: { type: "boolean" },
  yes: { type: "boolean" },
  "key-env": { type: "string" },
  help: { type: "boolean", short: "h" },
} as const satisfies ParseArgsOptionsConfig;

export const COMMON_USAGE = `--network <${NETWORK_NAMES.join("|")}> | --all   [--yes] [--key-env <VARIABLE>]`;

const CommonSchema = z.object({
  network: z.enum(NETWORK_NAMES as [NetworkName, ...NetworkName[]], { message: `must be one of ${NETWORK_NAMES.join(", ")}` }).optional(),
  all: z.boolean().default(false),
  yes: z.boolean().default(false),
  "key-env": z
    .string()
    .regex(/^[A-Z][A-Z0-9_]*$/, "--key-env names an environment variable (A-Z, 0-9, _), never a key itself")
    .optional(),
  help: z.boolean().default(false),
});

/** Turns a zod failure into one UsageError naming each bad option. */
export function parseWith<T extends z.ZodType>(schema: T, values: OptionValues): z.infer<T> {
  const result = schema.safeParse(values);
  if (result.success) return result.data;
  throw new UsageError(result.error.issues.map((issue) => (issue.path.length > 0 ? `--${issue.path.join(".")}: ${issue.message}` : issue.message)).join("\n"));
}

/** Splits `args` (after the command name) into the common options and the command's own. */
export function parseCommandLine(args: readonly string[], own: ParseArgsOptionsConfig): { common: CommonOptions; values: OptionValues } {
  let parsed: OptionValues;
  try {
    parsed = parseArgs({ args: [...args], options: { ...COMMON_OPTIONS, ...own }, strict: true, allowPositionals: false }).values as OptionValues;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { network, all, yes, "key-env": keyEnv, help, ...values } = parsed;
  const common = parseWith(CommonSchema, { network, all, yes, "key-env": keyEnv, help });
  if (!common.help && (common.network === undefined) === !common.all)
    throw new UsageError("Name one network with --network <name>, or every deployed one with --all.");
  return {
    common: { networks: common.all ? "all" : common.network ? [common.network] : [], yes: common.yes, keyEnv: common["key-env"], help: common.help },
    values,
  };
}

/** A 0x address (any case), checksummed. */
export const addressOption = z
  .string({ message: "is required" })
  .regex(/^0x[0-9a-fA-F]{40}$/, "must be a 0x-prefixed 20-byte address")
  .transform((value): Address => getAddress(value));

/** An amount of a chain's coin in decimal (`0.01`, `392`), as wei: at most 18 decimals, never negative. */
export const coinAmountOption = z
  .string({ message: "is required" })
  .regex(/^\d+(\.\d{1,18})?$/, "must be an amount in the chain's coin, e.g. 0.01 (at most 18 decimals)")
  .transform((value): bigint => parseUnits(value, 18));

const TOKEN_ID_RANGE = `must be a token id (${COLLECTION.firstTokenId}-${COLLECTION.totalSupply})`;

/** A token id of the collection. */
export const tokenIdOption = z.string({ message: "is required" }).regex(/^\d+$/, TOKEN_ID_RANGE).transform(Number).refine(isValidTokenId, TOKEN_ID_RANGE);
