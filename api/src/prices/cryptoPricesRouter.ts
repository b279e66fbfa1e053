import { Router, type Response } from "express";
import { formatEther } from "viem";
import { coinOfNetwork, type Network } from "@pixlings/shared/chains";
import type { CryptoPrices, NetworkPrices } from "@pixlings/shared/http/prices";
import { DEFAULT_TIER_PRICES, TIER_NAMES, tierKey, type NativeCoin } from "@pixlings/shared/tiers";
import type { ApiConfig } from "../config/readConfig.ts";
import { route } from "../http/route.ts";
import type { Market } from "../market/market.ts";
import { pricesOfNetwork } from "../market/primaryPrices.ts";
import type { ChainTierPrices } from "../indexer/indexerReader.ts";

/** The spec's "fresh for 5 minutes". */
const PRICES_MAX_AGE_SECONDS = 300;

function tiered(prices: ChainTierPrices | undefined, coin: NativeCoin, usdPerCoin: number): NetworkPrices {
  const entries = TIER_NAMES.map((tier) => {
    const key = tierKey(tier);
    const amount = prices ? formatEther(prices[key]) : DEFAULT_TIER_PRICES[coin][tier];
    return [key, { eth: amount, usd: Math.round(Number(amount) * usdPerCoin * 100) / 100 }] as const;
  });
  return Object.fromEntries(entries) as NetworkPrices;
}

/**
 * `GET /api/crypto-prices`: `{ ethereum, polygon }`, each `{ artist, rare, common }` with `eth` (the
 * amount in that network's coin, as indexed from its first chain; the contract's defaults before
 * any is indexed) and `usd` at the configured rate.
 */
export function cryptoPricesRouter({ market, config }: { market: Market; config: Pick<ApiConfig, "usdPerCoin"> }): Router {
  const router = Router();
  router.get(
    "/api/crypto-prices",
    route({}, async (_input, _req, res: Response<CryptoPrices>) => {
      const { prices } = await market.state();
      const pricesOf = (network: Network): NetworkPrices => {
        const coin = coinOfNetwork(network);
        return tiered(pricesOfNetwork(prices, network), coin, config.usdPerCoin[coin]);
      };
      const body: CryptoPrices = { ethereum: pricesOf("ethereum"), polygon: pricesOf("polygon") };
      res.set("Cache-Control", `public, max-age=${PRICES_MAX_AGE_SECONDS}`).json(body);
    }),
  );
  return router;
}
