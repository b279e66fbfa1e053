import { useQueries } from "@tanstack/react-query";
import { Link } from "react-router";
import { queries } from "../api/queries.ts";
import { formatCents } from "../card/cardPrices.ts";
import { displayName } from "../cart/addToCart.ts";
import { PixImage } from "../components/PixImage.tsx";
import { TierBadge } from "../components/TierBadge.tsx";
import { ui } from "../components/ui.ts";

/** An order's Pix, one line each: picture, name, tier and what it costs in this order (USD cents). */
export function OrderLines({ items }: { items: readonly { tokenId: number; cents: number }[] }) {
  const tokens = useQueries({ queries: items.map(({ tokenId }) => queries.token(tokenId)) });
  return (
    <ul aria-label="Pix in this order" className="flex flex-col gap-2">
      {items.map(({ tokenId, cents }, index) => {
        const nft = tokens[index]?.data;
        return (
          <li key={tokenId} className="flex items-center gap-3">
            <div className="w-10 shrink-0">
              {nft ? <PixImage nft={nft} size={40} /> : <span className="block aspect-square w-full rounded-md bg-neutral-200 dark:bg-neutral-800" />}
            </div>
            <Link to={`/mint/${tokenId}`} className="min-w-0 flex-1 text-sm font-medium hover:underline">
              <span className="block truncate">{nft ? displayName(nft) : `Pix #${tokenId}`}</span>
              <span className={`block text-xs ${ui.muted}`}>Token #{tokenId}</span>
            </Link>
            {nft && <TierBadge rarity={nft.rarity} />}
            <span className="text-sm whitespace-nowrap">{formatCents(cents)}</span>
          </li>
        );
      })}
    </ul>
  );
}
