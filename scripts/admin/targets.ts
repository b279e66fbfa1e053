import path from "node:path";
import type { Address } from "viem";
import type { Env } from "@pixlings/shared/env";
import { NETWORK_NAMES, NETWORKS, rpcUrlOf, type DeployNetwork, type NetworkName } from "@pixlings/shared/networks";
import { readDeploymentRecord } from "../deploy/deploymentFile.ts";
import { deploymentFile, REPO_ROOT, stackDirs } from "../paths.ts";

/** One network a command runs on, with the contract its deployment record names. */
export interface AdminTarget {
  network: NetworkName;
  chainId: number;
  local: boolean;
  url: string;
  address: Address;
  /** Block of the deployment: where role logs start. */
  deployBlock: bigint;
}

function urlVariable(network: DeployNetwork): string {
  return network.local ? network.portEnv : network.rpcUrlEnv;
}

/** Where deployment records are read (PIXLINGS_DEPLOYMENTS_DIR, default deployments/), as the deploy writes them. */
function recordsDir(env: Env): string {
  return stackDirs(env).deployments;
}

/**
 * The network's RPC URL and recorded contract, or a sentence saying what is missing. Public
 * networks need their RPC URL variable; every network needs `deployments/<chainId>.json`.
 */
export function resolveTarget(name: NetworkName, env: Env): AdminTarget | string {
  const network: DeployNetwork = NETWORKS[name];
  const url = rpcUrlOf(name, env);
  if (!url) return `${name}: set ${urlVariable(network)} (its RPC URL)`;
  const dir = recordsDir(env);
  const record = readDeploymentRecord(network.chainId, dir);
  if (!record) {
    const file = path.relative(REPO_ROOT, deploymentFile(network.chainId, dir));
    return `${name}: no deployment recorded (${file}); deploy first with \`npm run deploy -- --network ${name}\``;
  }
  return { network: name, chainId: network.chainId, local: network.local, url, address: record.address, deployBlock: BigInt(record.blockNumber) };
}

/** The networks a command runs on: the one named, or with "all" every one with an RPC URL and a recorded deployment. */
export function resolveTargets(networks: readonly NetworkName[] | "all", env: Env): AdminTarget[] {
  if (networks !== "all") {
    return networks.map((name) => {
      const target = resolveTarget(name, env);
      if (typeof target === "string") throw new Error(`Cannot run on ${target}.`);
      return target;
    });
  }
  const resolved = NETWORK_NAMES.map((name) => resolveTarget(name, env));
  const targets = resolved.filter((t): t is AdminTarget => typeof t !== "string");
  if (targets.length === 0) {
    throw new Error(`No network to run on with --all:\n${resolved.map((reason) => `  ${reason}`).join("\n")}`);
  }
  return targets;
}
