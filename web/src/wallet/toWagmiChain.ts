import { CHAINS, isChainId } from "@pixlings/shared/chains";
import { defineChain, type Chain } from "viem";
import type { ChainInfo } from "@pixlings/shared/http/sale";

/** A viem chain for a chain on sale, with this deployment's RPC URL and explorer (used to add it to a wallet). */
export function toWagmiChain(info: ChainInfo): Chain {
  const known = isChainId(info.chainId) ? CHAINS[info.chainId].chain : undefined;
  return defineChain({
    ...known,
    id: info.chainId,
    name: info.name,
    nativeCurrency: known?.nativeCurrency ?? { name: info.coin, symbol: info.coin, decimals: 18 },
    rpcUrls: { default: { http: [info.rpcUrl] } },
    blockExplorers: info.explorerUrl ? { default: { name: `${info.name} explorer`, url: info.explorerUrl } } : undefined,
  });
}
