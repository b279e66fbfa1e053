import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { getAddress, type Address, type Hash } from "viem";
import { z } from "zod";
import { DEPLOYMENTS_DIR, deploymentFile } from "../paths.ts";

const hash = z
  .string()
  .regex(/^0x[0-9a-fA-F]{64}$/)
  .transform((value): Hash => value as Hash);

/** One `deployments/<chainId>.json`: where Pixlings lives on that chain and how it got there. */
export const DeploymentRecordSchema = z.object({
  chainId: z.number().int().positive(),
  address: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/)
    .transform((value): Address => getAddress(value)),
  blockNumber: z.number().int().nonnegative(),
  deployedAt: z.iso.datetime(),
  txHash: hash.optional(),
  /** keccak256 of the creation bytecode, to tell whether the recorded contract is the current build. */
  bytecodeHash: hash.optional(),
  /**
   * keccak256 of the constructor's setup (roles, payouts, prices; scripts/deploy/pixlings.ts
   * setupHash): a local deployment with another setup than the wanted one is redeployed.
   */
  setupHash: hash.optional(),
  /**
   * When the deploy found every tokenURI rendering (scripts/deploy/checkTokenUris.ts) and opened
   * the sale; unset until then, so an interrupted or failed check runs again on the next deploy.
   */
  tokenUrisCheckedAt: z.iso.datetime().optional(),
  /** When the source was verified on the chain's explorer (scripts/deploy/verifySource.ts); unset until then. */
  sourceVerifiedAt: z.iso.datetime().optional(),
});

export type DeploymentRecord = z.infer<typeof DeploymentRecordSchema>;

function parseRecordFile(file: string): DeploymentRecord {
  const result = DeploymentRecordSchema.safeParse(JSON.parse(readFileSync(file, "utf8")));
  if (!result.success) throw new Error(`${file} is not a valid deployment record: ${result.error.message}`);
  const expected = Number(path.basename(file, ".json"));
  if (result.data.chainId !== expected) {
    throw new Error(`${file} records chain ${result.data.chainId}, but its name says ${expected}`);
  }
  return result.data;
}

export function readDeploymentRecord(chainId: number, dir: string = DEPLOYMENTS_DIR): DeploymentRecord | undefined {
  const file = deploymentFile(chainId, dir);
  return existsSync(file) ? parseRecordFile(file) : undefined;
}

/** Every record in `dir`, sorted by chain id. */
export function readDeploymentRecords(dir: string = DEPLOYMENTS_DIR): DeploymentRecord[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => /^\d+\.json$/.test(name))
    .map((name) => parseRecordFile(path.join(dir, name)))
    .sort((a, b) => a.chainId - b.chainId);
}
