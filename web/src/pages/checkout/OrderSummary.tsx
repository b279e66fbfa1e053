import type { Nft } from "@pixlings/shared/http/nfts";
import type { TierName } from "@pixlings/shared/tiers";
import { displayName } from "../../cart/addToCart.ts";
import type { TierQuote } from "../../chains/usePrices.ts";
import { PixImage } from "../../components/PixImage.tsx";
import { TierBadge } from "../../components/TierBadge.tsx";
import { ui } from "../../components/ui.ts";
import { formatCoin, formatUsd, sumDecimals } from "../../format/format.ts";

/** The Pix to mint with their prices and the total in the chain's coin (4 decimals) and USD. */
export function OrderSummary({ items, quote }: { items: Nft[]; quote(rarity: TierName): TierQuote }) {
  if (items.length === 0) return null;
  const quotes = items.map((nft) => quote(nft.rarity));
  const coin = quotes[0]?.coin ?? "ETH";
  const usd = quotes.every((q) => q.usd !== undefined) ? quotes.reduce((sum, q) => sum + (q.usd ?? 0), 0) : undefined;
  return (
    <section aria-label="Order" className={`${ui.card} flex flex-col gap-3`}>
      <ul className="flex flex-col gap-2">
        {items.map((nft, index) => (
          <li key={nft.tokenId} className="flex items-center gap-3">
            <div className="w-10 shrink-0">
              <PixImage nft={nft} size={40} />
            </div>
            <span className="min-w-0 flex-1 truncate text-sm font-medium">
              {displayName(nft)} <span className={ui.muted}>#{nft.tokenId}</span>
            </span>
            <TierBadge rarity={nft.rarity} />
            <span className="text-sm whitespace-nowrap">{formatCoin(quotes[index]?.amount ?? "0", coin)}</span>
          </li>
        ))}
      </ul>
      <div className="flex items-baseline justify-between border-t border-neutral-200 pt-3 dark:border-neutral-800">
        <span className="font-semibold">Total</span>
        <span className="text-right">
          <span className="block text-xl font-extrabold" data-testid="order-total">
            {formatCoin(sumDecimals(quotes.map((q) => q.amount)), coin)}
          </span>
          {usd !== undefined && <span className={`text-sm ${ui.muted}`}>≈ {formatUsd(usd)}</span>}
        </span>
      </div>
    </section>
  );
}
