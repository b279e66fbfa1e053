import { isArtistId } from "./collection.ts";

/** Tier codes as the contract stores them (0 means "no art written yet"). */
export const TIER = { Common: 1, Rare: 2, Artist: 3 } as const;
export type TierName = keyof typeof TIER;
export type TierCode = (typeof TIER)[TierName];

export const TIER_NAMES: readonly TierName[] = ["Common", "Rare", "Artist"];

/** A tier's key in price tables and JSON (`common`, `rare`, `artist`). */
export type TierKey = Lowercase<TierName>;
export const tierKey = (name: TierName): TierKey => name.toLowerCase() as TierKey;

export function tierName(code: number): TierName {
  const name = TIER_NAMES[code - 1];
  if (!name) throw new RangeError(`unknown tier code ${code}`);
  return name;
}

/** Artist tier is fixed by id; the generator chooses between Common and Rare for the rest. */
export function isTierAllowed(id: number, code: number): boolean {
  return isArtistId(id) ? code === TIER.Artist : code === TIER.Common || code === TIER.Rare;
}

/** Default tier prices per native coin, as decimal strings of whole coins. */
export const DEFAULT_TIER_PRICES = {
  ETH: { Common: "0.01", Rare: "0.03", Artist: "0.13" },
  POL: { Common: "31", Rare: "93", Artist: "392" },
} as const satisfies Record<string, Record<TierName, string>>;
export type NativeCoin = keyof typeof DEFAULT_TIER_PRICES;
