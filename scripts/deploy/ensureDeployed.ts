import type { Address } from "viem";
import { pixChain } from "@pixlings/shared/chains";
import { deployPixlings, defaultSetup, setupHash, type PixlingsSetup } from "./pixlings.ts";
import { readDeploymentRecord, type DeploymentRecord } from "./deploymentFile.ts";
import { currentBytecodeHash, recordDeployment, type RecordTargets } from "./record.ts";
import { checkPublicSetup } from "./roles.ts";
import type { ChainClients } from "./clients.ts";

export interface EnsuredDeployment {
  address: Address;
  blockNumber: bigint;
  /** deployed: new this run; reused: the recorded one has code; outdated: reused, but older build or setup. */
  outcome: "deployed" | "reused" | "outdated";
}

/** Why the recorded contract is not the wanted one, or undefined when it is. */
function outdatedReason(record: DeploymentRecord, wanted: PixlingsSetup | undefined): string | undefined {
  if (record.bytecodeHash !== undefined && record.bytecodeHash !== currentBytecodeHash()) return "is an older build";
  if (wanted && record.setupHash !== setupHash(wanted)) {
    return record.setupHash === undefined
      ? "was recorded before setups were (roles, payouts, prices)"
      : "was deployed with another setup (roles, payouts or prices)";
  }
  return undefined;
}

/** What ensureDeployed will do: reuse the recorded contract (as it is, or outdated), or deploy (with why, when a record exists). */
export type DeploymentDecision =
  | { action: "reuse"; address: Address; blockNumber: bigint; outcome: "reused" | "outdated" }
  | { action: "deploy"; why?: { reason: string; outdated: boolean } };

/**
 * Decides, without sending anything, whether the recorded deployment of this chain is reused
 * (see ensureDeployed). `npm run deploy`'s preview shows it; ensureDeployed acts on it.
 */
export async function decideDeployment(p: {
  clients: ChainClients;
  redeployOutdated: boolean;
  setup?: PixlingsSetup;
  targets?: RecordTargets;
}): Promise<DeploymentDecision> {
  const { chainId, walletClient, publicClient } = p.clients;
  const record = readDeploymentRecord(chainId, p.targets?.deploymentsDir);
  if (!record) return { action: "deploy" };
  const code = await publicClient.getCode({ address: record.address });
  if (!code || code === "0x")
    return { action: "deploy", why: { reason: `no code at the recorded ${record.address} (chain state was reset)`, outdated: false } };
  const wanted = pixChain(chainId).local ? (p.setup ?? defaultSetup(chainId, walletClient.account.address)) : undefined;
  const reason = outdatedReason(record, wanted);
  const reuse = { action: "reuse", address: record.address, blockNumber: BigInt(record.blockNumber) } as const;
  if (reason === undefined) return { ...reuse, outcome: "reused" };
  if (!p.redeployOutdated) return { ...reuse, outcome: "outdated" };
  return { action: "deploy", why: { reason: `the recorded contract ${record.address} ${reason}`, outdated: true } };
}

/**
 * Reuses the recorded deployment of this chain when the chain still has its code; otherwise
 * deploys and records. A recorded contract from an older build, or on a local chain with another
 * setup than the wanted one (`setup`, default defaultSetup), is redeployed when
 * `redeployOutdated` (local chains), else reused with outcome "outdated". On other chains the
 * recorded setup is not compared (the owner changes roles on chain), and a new deployment must
 * pass checkPublicSetup: signer, minter and custody apart from the owner, no dev accounts.
 */
export async function ensureDeployed(p: {
  clients: ChainClients;
  redeployOutdated: boolean;
  setup?: PixlingsSetup;
  targets?: RecordTargets;
  log?: (line: string) => void;
}): Promise<EnsuredDeployment> {
  const { chainId, walletClient, publicClient } = p.clients;
  const known = pixChain(chainId);
  const decision = await decideDeployment(p);
  if (decision.action === "reuse") return { address: decision.address, blockNumber: decision.blockNumber, outcome: decision.outcome };
  if (decision.why) p.log?.(`chain ${chainId}: ${decision.why.reason}; deploying${decision.why.outdated ? " the current one" : ""}`);
  const setup = p.setup ?? defaultSetup(chainId, walletClient.account.address);
  if (!known.local) checkPublicSetup(setup, known.chain.name);
  const deployed = await deployPixlings({ walletClient, publicClient, setup });
  recordDeployment({ chainId, ...deployed, setupHash: setupHash(setup) }, p.targets);
  return { address: deployed.address, blockNumber: deployed.blockNumber, outcome: "deployed" };
}
