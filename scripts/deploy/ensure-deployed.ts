import type { Address } from "viem";
import { deployPixlings, defaultSetup, type PixlingsSetup } from "./pixlings.ts";
import { readDeploymentRecord } from "./deployment-file.ts";
import { currentBytecodeHash, recordDeployment, type RecordTargets } from "./record.ts";
import type { ChainClients } from "./clients.ts";

export interface EnsuredDeployment {
  address: Address;
  blockNumber: bigint;
  /** deployed: new this run; reused: the recorded one has code; outdated: reused, but older build. */
  outcome: "deployed" | "reused" | "outdated";
}

/**
 * Reuses the recorded deployment of this chain when the chain still has its code; otherwise
 * deploys and records. A recorded contract from an older build is redeployed when
 * `redeployOutdated` (local chains), else reused with outcome "outdated".
 */
export async function ensureDeployed(p: {
  clients: ChainClients;
  redeployOutdated: boolean;
  setup?: PixlingsSetup;
  targets?: RecordTargets;
  log?: (line: string) => void;
}): Promise<EnsuredDeployment> {
  const { chainId, walletClient, publicClient } = p.clients;
  const log = p.log ?? ((): void => undefined);
  const record = readDeploymentRecord(chainId, p.targets?.deploymentsDir);
  if (record) {
    const code = await publicClient.getCode({ address: record.address });
    const current = record.bytecodeHash === undefined || record.bytecodeHash === currentBytecodeHash();
    if (code && code !== "0x") {
      if (current) return { address: record.address, blockNumber: BigInt(record.blockNumber), outcome: "reused" };
      if (!p.redeployOutdated) {
        return { address: record.address, blockNumber: BigInt(record.blockNumber), outcome: "outdated" };
      }
      log(`chain ${chainId}: the recorded contract ${record.address} is an older build; deploying the current one`);
    } else {
      log(`chain ${chainId}: no code at the recorded ${record.address} (chain state was reset); deploying`);
    }
  }
  const setup = p.setup ?? defaultSetup(chainId, walletClient.account.address);
  const deployed = await deployPixlings({ walletClient, publicClient, setup });
  recordDeployment({ chainId, ...deployed }, p.targets);
  return { address: deployed.address, blockNumber: deployed.blockNumber, outcome: "deployed" };
}
