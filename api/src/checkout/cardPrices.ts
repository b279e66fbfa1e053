import type { TierName } from "@pixlings/shared/tiers";

/**
 * What a card buyer pays per Pix, in USD cents, the card processing fee included (spec: card
 * amounts). The only place card prices live; the amount of a PaymentIntent is computed from it.
 */
export const CARD_PRICE_CENTS: Readonly<Record<TierName, number>> = { Common: 3500, Rare: 10500, Artist: 45500 };

/** The card total in cents of Pix with these tiers. */
export function cardTotalCents(tiers: readonly TierName[]): number {
  return tiers.reduce((sum, tier) => sum + CARD_PRICE_CENTS[tier], 0);
}
