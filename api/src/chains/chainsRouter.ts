import { Router } from "express";
import type { Address } from "viem";
import { route } from "../http/route.ts";
import type { SaleChain } from "../mint/saleConfig.ts";

/** One chain on sale as browsers see it (web/src/api/types.ts `ChainInfo`). */
export interface ChainInfo {
  chainId: number;
  name: string;
  network: SaleChain["network"];
  coin: SaleChain["coin"];
  contract: Address;
  /** The public RPC URL (SaleChain.publicRpcUrl), never the server's own, which may carry a key. */
  rpcUrl: string;
  explorerUrl: string | null;
  gasLabel: string;
  primary: boolean;
}

/** What GET /api/chains answers for `chains` (primary first). */
export function chainInfos(chains: readonly SaleChain[]): ChainInfo[] {
  return chains.map((c, i) => ({
    chainId: c.chainId,
    name: c.name,
    network: c.network,
    coin: c.coin,
    contract: c.contract,
    rpcUrl: c.publicRpcUrl,
    explorerUrl: c.explorerUrl,
    gasLabel: c.gasLabel,
    primary: i === 0,
  }));
}

/** `GET /api/chains`: the chains on sale, for wallets in the browser. */
export function chainsRouter({ chains }: { chains: readonly SaleChain[] }): Router {
  const router = Router();
  const body = chainInfos(chains);
  router.get(
    "/api/chains",
    route({}, (_input, _req, res) => {
      res.set("Cache-Control", "no-cache").json(body);
    }),
  );
  return router;
}
