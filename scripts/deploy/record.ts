import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { keccak256, type Address, type Hash } from "viem";
import { pixlingsBytecode } from "@pixlings/shared/contract";
import { generateDeployments } from "../codegen/deployments.ts";
import { DEPLOYMENTS_DIR, GENERATED_DEPLOYMENTS_FILE, deploymentFile } from "../paths.ts";
import { DeploymentRecordSchema, readDeploymentRecord, type DeploymentRecord } from "./deploymentFile.ts";

export interface RecordTargets {
  /** Where `<chainId>.json` goes (default: deployments/). */
  deploymentsDir?: string;
  /** The generated TypeScript module to refresh (default: shared/src/generated/deployments.ts; null: none). */
  generatedFile?: string | null;
}

/** The hash stored with a record, to tell later whether the chain runs the current build. */
export function currentBytecodeHash(): Hash {
  return keccak256(pixlingsBytecode);
}

function writeRecord(record: DeploymentRecord, targets: RecordTargets): void {
  const dir = targets.deploymentsDir ?? DEPLOYMENTS_DIR;
  mkdirSync(dir, { recursive: true });
  writeFileSync(deploymentFile(record.chainId, dir), `${JSON.stringify(record, null, 2)}\n`);
  if (targets.generatedFile !== null) generateDeployments(dir, targets.generatedFile ?? GENERATED_DEPLOYMENTS_FILE);
}

/** Writes `deployments/<chainId>.json` and regenerates the shared addresses module. */
export function recordDeployment(
  deployment: { chainId: number; address: Address; blockNumber: bigint; txHash: Hash; setupHash: Hash },
  targets: RecordTargets = {},
): DeploymentRecord {
  const record = DeploymentRecordSchema.parse({
    chainId: deployment.chainId,
    address: deployment.address,
    blockNumber: Number(deployment.blockNumber),
    deployedAt: new Date().toISOString(),
    txHash: deployment.txHash,
    bytecodeHash: currentBytecodeHash(),
    setupHash: deployment.setupHash,
  });
  writeRecord(record, targets);
  return record;
}

/** The steps a record notes once done, so a later run skips them. */
export type RecordedStep = "tokenUrisCheckedAt" | "sourceVerifiedAt";

/**
 * Notes in the record of `chainId` that `step` (the tokenURI check, the source verification) is
 * done for the contract at `address` (throws if the record names another contract: it was
 * redeployed meanwhile).
 */
export function recordStepDone(chainId: number, address: Address, step: RecordedStep, targets: RecordTargets = {}): DeploymentRecord {
  const record = readDeploymentRecord(chainId, targets.deploymentsDir);
  if (record?.address !== address) {
    throw new Error(`deployments/${chainId}.json no longer records ${address}; not marking ${step}`);
  }
  const done = { ...record, [step]: new Date().toISOString() };
  writeRecord(done, targets);
  return done;
}

/** Deletes the records of `chainIds` (used by `npm start -- --fresh` for the local chains). */
export function forgetDeployments(chainIds: readonly number[], targets: RecordTargets = {}): void {
  const dir = targets.deploymentsDir ?? DEPLOYMENTS_DIR;
  for (const chainId of chainIds) rmSync(deploymentFile(chainId, dir), { force: true });
  if (targets.generatedFile !== null) generateDeployments(dir, targets.generatedFile ?? GENERATED_DEPLOYMENTS_FILE);
}
