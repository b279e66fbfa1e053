import type { MarketState } from "../market/market.ts";

const DAY_MS = 86_400_000;

/**
 * `count` available pieces to feature, Rare first (then Common), rotating daily: the day number
 * picks the starting offset, so everyone sees the same selection all day.
 */
export function featuredIds(available: readonly number[], state: MarketState, count: number, now: Date): number[] {
  const rare = available.filter((id) => state.catalogue.get(id)?.tier === "Rare");
  const pool = rare.length >= count ? rare : [...rare, ...available.filter((id) => state.catalogue.get(id)?.tier === "Common")];
  if (pool.length <= count) return pool;
  const start = (Math.floor(now.getTime() / DAY_MS) * 97) % pool.length;
  return Array.from({ length: count }, (_, i) => pool[(start + i * Math.floor(pool.length / count)) % pool.length]!);
}
