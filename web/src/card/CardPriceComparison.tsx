import type { TierName } from "@pixlings/shared/tiers";
import { usePrices } from "../chains/usePrices.ts";
import { ui } from "../components/ui.ts";
import { formatCoin, formatUsd } from "../format/format.ts";
import { formatCents } from "./cardPrices.ts";
import { cryptoTotal } from "./cryptoTotal.ts";

/** Why a card costs more than a wallet: one sentence, the same everywhere a card price is shown. */
const CARD_DIFFERENCE = "The card price covers the card fee, holding your Pix for you, and minting them with no gas for you to pay.";

/**
 * The card price of some Pix next to what they cost with a wallet on the chosen chain (in its coin
 * and about USD, from /api/crypto-prices), and what the difference pays for.
 */
export function CardPriceComparison({ rarities, cardCents }: { rarities: readonly TierName[]; cardCents: number }) {
  const { chain, quote } = usePrices();
  const crypto = cryptoTotal(rarities.map(quote), chain?.coin ?? "ETH");
  return (
    <div data-testid="price-comparison" className={`flex flex-col gap-1 text-sm ${ui.muted}`}>
      <p>
        By card <span className="font-semibold text-neutral-900 dark:text-neutral-100">{formatCents(cardCents)}</span>
        {" · "}with a wallet on {chain?.name ?? "the chosen chain"}{" "}
        <span className="font-semibold text-neutral-900 dark:text-neutral-100">{formatCoin(crypto.amount, crypto.coin)}</span>
        {crypto.usd !== undefined && <> (about {formatUsd(crypto.usd)})</>}
      </p>
      <p>{CARD_DIFFERENCE}</p>
    </div>
  );
}
