import { DEFAULT_TIER_PRICES, tierKey, type TierName } from "@pixlings/shared/tiers";
import { useQuery } from "@tanstack/react-query";
import type { CryptoPrices } from "@pixlings/shared/http/prices";
import type { ChainInfo } from "@pixlings/shared/http/sale";
import { queries } from "../api/queries.ts";
import { useSelectedChain } from "./useSelectedChain.ts";

export interface TierQuote {
  /** Decimal amount in the coin. */
  amount: string;
  coin: string;
  usd: number | undefined;
}

/** A tier's price on a chain: GET /api/crypto-prices, or the contract's default tier price while it loads. */
export function quoteTier(prices: CryptoPrices | undefined, chain: Pick<ChainInfo, "network" | "coin"> | undefined, rarity: TierName): TierQuote {
  const coin = chain?.coin ?? "ETH";
  const quote = chain ? prices?.[chain.network]?.[tierKey(rarity)] : undefined;
  if (quote) return { amount: quote.eth, coin, usd: quote.usd };
  return { amount: DEFAULT_TIER_PRICES[coin][rarity], coin, usd: undefined };
}

/** Prices in the selected chain's coin. */
export function usePrices() {
  const { selected } = useSelectedChain();
  const prices = useQuery(queries.cryptoPrices());
  return {
    chain: selected,
    quote: (rarity: TierName): TierQuote => quoteTier(prices.data, selected, rarity),
  };
}
