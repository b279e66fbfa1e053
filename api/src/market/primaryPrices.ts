import { CHAINS, isChainId, type Network } from "@pixlings/shared/chains";
import type { ChainTierPrices } from "../indexer/indexerReader.ts";

/** The first indexed chain of `network` ("ethereum" is the primary chain), if any. */
export function pricesOfNetwork(prices: readonly ChainTierPrices[], network: Network): ChainTierPrices | undefined {
  return prices.find((p) => isChainId(p.chainId) && CHAINS[p.chainId].network === network);
}
