import { defineChain, type Chain } from "viem";
import { mainnet, polygon, polygonAmoy, sepolia } from "viem/chains";
import { localRpcUrl, NETWORKS } from "./networks.ts";
import type { NativeCoin } from "./tiers.ts";

/** Which network family a chain stands for: Ethereum (the primary, card sales) or Polygon. */
export type Network = "ethereum" | "polygon";

export interface PixChain {
  chain: Chain;
  /** The spec's internal network name, shared by a mainnet, its testnet and its local stand-in. */
  network: Network;
  coin: NativeCoin;
  testnet: boolean;
  local: boolean;
  /** The spec's gas label shown next to the chain in the mint choice. */
  gasLabel: "High" | "Low" | "Very Low";
  /**
   * Blocks behind the head at which the indexer (Ponder) counts a block final. Sales release a
   * minted hold once its mint is final, so the sale's indexer-lag gate must stay below this
   * (indexer/test/finality.test.ts holds it equal to Ponder's own count).
   */
  finalityBlocks: number;
}

const localEthereum = defineChain({
  id: 31337,
  name: "Local Ethereum",
  nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
  rpcUrls: { default: { http: [localRpcUrl(NETWORKS.localEthereum.defaultPort)] } },
  testnet: true,
});

const localPolygon = defineChain({
  id: 31338,
  name: "Local Polygon",
  nativeCurrency: { name: "POL", symbol: "POL", decimals: 18 },
  rpcUrls: { default: { http: [localRpcUrl(NETWORKS.localPolygon.defaultPort)] } },
  testnet: true,
});

/** Every chain Pixlings knows, keyed by chain id. The one home for chain facts. */
export const CHAINS = {
  1: { chain: mainnet, network: "ethereum", coin: "ETH", testnet: false, local: false, gasLabel: "High", finalityBlocks: 65 },
  137: { chain: polygon, network: "polygon", coin: "POL", testnet: false, local: false, gasLabel: "Very Low", finalityBlocks: 200 },
  11155111: {
    chain: { ...sepolia, name: "Sepolia Testnet" },
    network: "ethereum",
    coin: "ETH",
    testnet: true,
    local: false,
    gasLabel: "Low",
    finalityBlocks: 65,
  },
  80002: { chain: polygonAmoy, network: "polygon", coin: "POL", testnet: true, local: false, gasLabel: "Very Low", finalityBlocks: 30 },
  31337: { chain: localEthereum, network: "ethereum", coin: "ETH", testnet: true, local: true, gasLabel: "Low", finalityBlocks: 30 },
  31338: { chain: localPolygon, network: "polygon", coin: "POL", testnet: true, local: true, gasLabel: "Very Low", finalityBlocks: 30 },
} as const satisfies Record<number, PixChain>;

export type ChainId = keyof typeof CHAINS;
export const CHAIN_IDS = Object.keys(CHAINS).map(Number) as ChainId[];

export function isChainId(id: number): id is ChainId {
  return id in CHAINS;
}

/** The native coin of a network: its mainnet, its testnet and its local stand-in all use it. */
export function coinOfNetwork(network: Network): NativeCoin {
  const chain = Object.values(CHAINS).find((c) => c.network === network);
  if (!chain) throw new RangeError(`No chain of network ${network}`);
  return chain.coin;
}

export function pixChain(id: number): PixChain {
  if (!isChainId(id)) throw new RangeError(`Chain ${id} is not supported`);
  return CHAINS[id];
}
