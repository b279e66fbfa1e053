import { formatEther } from "viem";
import { TIER_NAMES } from "@pixlings/shared/tiers";

/** "Common 0.01 / Rare 0.03 / Artist 0.13 ETH". */
export function describePrices(prices: readonly [bigint, bigint, bigint], coin: string): string {
  return `${TIER_NAMES.map((name, i) => `${name} ${formatEther(prices[i]!)}`).join(" / ")} ${coin}`;
}

/** "5.00% (500 bps)". */
export function describeBps(bps: bigint): string {
  return `${(Number(bps) / 100).toFixed(2)}% (${bps} bps)`;
}
