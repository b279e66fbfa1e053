import { LOOPBACK } from "./defaults.ts";
import type { Env } from "./env.ts";

interface LocalNetwork {
  chainId: number;
  local: true;
  /** Env variable that overrides the port; the chain listens on http://127.0.0.1:<port>. */
  portEnv: string;
  defaultPort: number;
}

interface PublicNetwork {
  chainId: number;
  local: false;
  /** Env variable holding the RPC URL (no default: public RPC URLs carry keys). */
  rpcUrlEnv: string;
  /**
   * Env variable holding the RPC URL handed to browsers (GET /api/chains): a public, keyless
   * endpoint, never `rpcUrlEnv`'s. Default: viem's public RPC of the chain.
   */
  publicRpcUrlEnv: string;
}

export type DeployNetwork = LocalNetwork | PublicNetwork;

/**
 * Networks that scripts deploy to, by the names Hardhat's config uses.
 * The one home for RPC env variable names and local port defaults.
 */
export const NETWORKS = {
  localEthereum: { chainId: 31337, local: true, portEnv: "LOCAL_ETHEREUM_RPC_PORT", defaultPort: 8545 },
  localPolygon: { chainId: 31338, local: true, portEnv: "LOCAL_POLYGON_RPC_PORT", defaultPort: 8546 },
  sepolia: { chainId: 11155111, local: false, rpcUrlEnv: "SEPOLIA_RPC_URL", publicRpcUrlEnv: "SEPOLIA_PUBLIC_RPC_URL" },
  amoy: { chainId: 80002, local: false, rpcUrlEnv: "AMOY_RPC_URL", publicRpcUrlEnv: "AMOY_PUBLIC_RPC_URL" },
} as const satisfies Record<string, DeployNetwork>;

export type NetworkName = keyof typeof NETWORKS;
export const NETWORK_NAMES = Object.keys(NETWORKS) as NetworkName[];

export function isNetworkName(name: string): name is NetworkName {
  return name in NETWORKS;
}

export function localRpcUrl(port: number): string {
  return `http://${LOOPBACK}:${port}`;
}

/** The port a local network listens on: its env variable, else its default. */
export function localPortOf(network: LocalNetwork, env: Env): number {
  const raw = env[network.portEnv];
  if (raw === undefined || raw === "") return network.defaultPort;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new RangeError(`${network.portEnv} must be a port number (1-65535), not "${raw}"`);
  }
  return port;
}

/** The RPC URL of a network, or undefined when a public network's URL is not configured. */
export function rpcUrlOf(name: NetworkName, env: Env): string | undefined {
  const network: DeployNetwork = NETWORKS[name];
  if (network.local) return localRpcUrl(localPortOf(network, env));
  return env[network.rpcUrlEnv] || undefined;
}

/** The network name of a chain id, if scripts can deploy to it. */
export function networkOfChain(chainId: number): NetworkName | undefined {
  return NETWORK_NAMES.find((name) => NETWORKS[name].chainId === chainId);
}
