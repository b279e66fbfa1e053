import { Router, type Response } from "express";
import type { ChainInfo } from "@pixlings/shared/http/sale";
import { route } from "../http/route.ts";
import type { SaleChain } from "./saleChain.ts";

/** What GET /api/chains answers for `chains` (primary first); `rpcUrl` is SaleChain.publicRpcUrl, never the server's own. */
function chainInfos(chains: readonly SaleChain[]): ChainInfo[] {
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
    route({}, (_input, _req, res: Response<ChainInfo[]>) => {
      res.set("Cache-Control", "no-cache").json(body);
    }),
  );
  return router;
}
