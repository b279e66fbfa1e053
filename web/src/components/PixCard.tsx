import { useId } from "react";
import { Link } from "react-router";
import type { Nft } from "@pixlings/shared/http/nfts";
import { addToCart, displayName } from "../cart/addToCart.ts";
import type { TierQuote } from "../chains/usePrices.ts";
import { PixImage } from "./PixImage.tsx";
import { TierBadge } from "./TierBadge.tsx";
import { ui } from "./ui.ts";

/** A Pix for sale: image and name link to its mint page; price in the chosen coin; Add to cart. */
export function PixCard({ nft, quote, compact = false }: { nft: Nft; quote?: TierQuote; compact?: boolean }) {
  const titleId = useId();
  const name = displayName(nft);
  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col gap-2 rounded-lg border border-neutral-200 bg-white p-2 dark:border-neutral-800 dark:bg-neutral-900"
    >
      <Link to={`/mint/${nft.tokenId}`} className="block rounded-md focus-visible:outline-2 focus-visible:outline-violet-600">
        <PixImage nft={nft} />
      </Link>
      <div className="min-w-0">
        <h3 id={titleId} className="truncate text-sm font-semibold">
          <Link to={`/mint/${nft.tokenId}`} className="hover:underline">
            {name}
          </Link>
        </h3>
        <p className={`text-xs ${ui.muted}`}>Token #{nft.tokenId}</p>
      </div>
      {!compact && (
        <div className="mt-auto flex flex-wrap items-center justify-between gap-1">
          <TierBadge rarity={nft.rarity} />
          {quote && (
            <span className="text-xs font-semibold">
              {quote.amount} {quote.coin}
            </span>
          )}
        </div>
      )}
      {!compact && (
        <button type="button" className={`${ui.secondary} ${ui.small} w-full`} aria-describedby={titleId} onClick={() => addToCart(nft)}>
          Add to cart
        </button>
      )}
    </article>
  );
}
