import { NETWORK_NAMES, NETWORKS, type NetworkName } from "@pixlings/shared/networks";
import type { Env } from "@pixlings/shared/env";
import { readDeploymentRecord } from "../deploy/deploymentFile.ts";
import { stackDirs } from "../paths.ts";
import { resolveTarget, type AdminTarget } from "./targets.ts";

/** A chain with a recorded deployment that a command does not run on. */
export interface LeftOutChain {
  network: NetworkName;
  /** Where it can be read, when its RPC URL is known. */
  target: AdminTarget | undefined;
  /** Why it is left out: `amoy: not named`, `amoy: set AMOY_RPC_URL (its RPC URL)`. */
  why: string;
}

/**
 * The networks with a recorded deployment that are not among `targets`, of the same kind as the
 * targets (public networks with public ones, local chains with local ones: a storefront sells on
 * one pair). `--all` leaves out a recorded network whose RPC URL is unset: it is listed here too.
 */
export function leftOutChains(targets: readonly AdminTarget[], env: Env): LeftOutChain[] {
  const kinds = new Set(targets.map((t) => t.local));
  const named = new Set<NetworkName>(targets.map((t) => t.network));
  const dir = stackDirs(env).deployments;
  return NETWORK_NAMES.filter((name) => kinds.has(NETWORKS[name].local) && !named.has(name) && readDeploymentRecord(NETWORKS[name].chainId, dir)).map(
    (name) => {
      const resolved = resolveTarget(name, env);
      return typeof resolved === "string"
        ? { network: name, target: undefined, why: resolved }
        : { network: name, target: resolved, why: `${name}: not named` };
    },
  );
}

/**
 * Why a command whose chains must not differ (`why`) refuses to run on `targets` alone, or
 * undefined when no chain with a deployment is left out.
 */
export function coverageRefusal(p: { targets: readonly AdminTarget[]; leftOut: readonly LeftOutChain[]; why: string }): string | undefined {
  if (p.leftOut.length === 0) return undefined;
  const names = p.targets.map((t) => t.network).join(" and ");
  return [
    `Refusing to write ${names} alone: ${p.why}, and ${p.leftOut.length === 1 ? "this chain has" : "these chains have"} a deployment too:`,
    ...p.leftOut.map((chain) => `  ${chain.why}`),
    `Run it on every chain with --all (each needs its RPC URL), or add --only-this-chain to write ${names} alone on purpose (the chains then differ).`,
  ].join("\n");
}
