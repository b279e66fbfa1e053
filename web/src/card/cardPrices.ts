import type { CardConfig } from "@pixlings/shared/http/checkout";
import { tierKey, type TierName } from "@pixlings/shared/tiers";

/** What a card pays for a Pix of `rarity`, in USD cents (processing fee included; the server's price list). */
export function cardPriceCents(prices: CardConfig["prices"], rarity: TierName): number {
  return prices[tierKey(rarity)];
}

/** The card total of a cart, in USD cents: what `POST /api/cart/checkout` is told the buyer saw. */
export function cardTotalCents(prices: CardConfig["prices"], rarities: readonly TierName[]): number {
  return rarities.reduce((total, rarity) => total + cardPriceCents(prices, rarity), 0);
}

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "$35.00": USD cents with 2 decimals (spec: card price 2 decimals). Whole cents only, so the division is exact to the cent. */
export function formatCents(cents: number): string {
  return usd.format(cents / 100);
}
