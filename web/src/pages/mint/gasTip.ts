import type { Network } from "@pixlings/shared/chains";
import type { CryptoPrices } from "@pixlings/shared/http/prices";
import { formatUnits } from "viem";

/**
 * USD per coin on a network, from `GET /api/crypto-prices` (each tier's amount and its USD price):
 * the dearest tier's ratio, whose rounding to cents matters least. Undefined without prices.
 */
export function usdPerCoin(prices: CryptoPrices | undefined, network: Network): number | undefined {
  const tiers = prices ? Object.values(prices[network]) : [];
  const dearest = tiers.filter((tier) => Number(tier.eth) > 0).sort((a, b) => Number(b.eth) - Number(a.eth))[0];
  return dearest ? dearest.usd / Number(dearest.eth) : undefined;
}

/** What a mint costs in gas now: `gas` at the chain's `gasPrice` (wei), in the coin, and in USD when the rate is known. */
export function mintFee(gasPrice: bigint, gas: bigint, usdRate: number | undefined): { coin: string; usd: number | undefined } {
  const coin = formatUnits(gasPrice * gas, 18);
  return { coin, usd: usdRate === undefined ? undefined : Number(coin) * usdRate };
}

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "$0.04"; below a cent, "< $0.01" (never a misleading "$0.00"). */
export function formatFeeUsd(amount: number): string {
  return amount > 0 && amount < 0.01 ? "< $0.01" : usd.format(amount);
}
