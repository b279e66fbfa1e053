import type { SaleChain } from "./saleChain.ts";

/**
 * `connect-src` with the origin of each chain's public RPC (what `GET /api/chains` gives browsers)
 * added to `base`'s (the card's and merch's, else `'self'`): the mint page's "Verify on-chain" and
 * gas tip, and the wallet test page, read the contract and gas price straight from each chain.
 * Never the server's own RPC URL, which may carry a key. {} without chains.
 */
export function rpcConnectSrc(base: Record<string, string[]>, chains: readonly Pick<SaleChain, "publicRpcUrl">[]): Record<string, string[]> {
  if (chains.length === 0) return {};
  const origins = chains.map((chain) => new URL(chain.publicRpcUrl).origin);
  return { connectSrc: [...new Set([...(base.connectSrc ?? ["'self'"]), ...origins])] };
}
