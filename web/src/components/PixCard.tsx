import { useId } from "react";
import { Link } from "react-router";
import type { Nft } from "@pixlings/shared/http/nfts";
import { displayName } from "../cart/addToCart.ts";
import type { TierQuote } from "../chains/usePrices.ts";
import { CartToggle } from "./CartToggle.tsx";
import { PixImage } from "./PixImage.tsx";
import { TierBadge } from "./TierBadge.tsx";
import { ui } from "./ui.ts";

/**
 * A Pix in a grid: image and name link to its page; tier and price in the chosen coin; "Add to
 * cart" or "In cart". A container query sizes it from XS (four tiles across a phone) to XL: the
 * name gets two lines in narrow tiles, the badge and price stack, the cart button shows its icon
 * only; nothing leaves the card. A sold Pix says so instead of a price and cart button. `eager`
 * for the cards a page opens on (their images are its largest paint).
 */
export function PixCard({ nft, quote, compact = false, eager = false }: { nft: Nft; quote?: TierQuote; compact?: boolean; eager?: boolean }) {
  const titleId = useId();
  const name = displayName(nft);
  return (
    <article
      aria-labelledby={titleId}
      data-sold={nft.isMinted || undefined}
      className="@container flex min-w-0 flex-col gap-2 rounded-lg border border-neutral-200 bg-white p-1.5 @min-[8rem]:p-2 dark:border-neutral-800 dark:bg-neutral-900"
    >
      <Link to={`/mint/${nft.tokenId}`} className="block rounded-md focus-visible:outline-2 focus-visible:outline-violet-600">
        <PixImage nft={nft} eager={eager} className={nft.isMinted ? "opacity-80" : ""} />
      </Link>
      <div className="min-w-0">
        <h3 id={titleId} title={name} className="line-clamp-2 text-xs leading-tight font-semibold break-words @min-[8rem]:truncate @min-[8rem]:text-sm">
          <Link to={`/mint/${nft.tokenId}`} className="hover:underline">
            {name}
          </Link>
        </h3>
        <p className={`truncate text-xs ${ui.muted}`}>
          {/* A narrow tile keeps the number whole: "#7601" reads, "Token #76…" does not. */}
          <span className="sr-only @min-[8rem]:not-sr-only">Token </span>#{nft.tokenId}
        </p>
      </div>
      {!compact && (
        <div className="mt-auto flex min-w-0 flex-col items-start gap-1 @min-[10rem]:flex-row @min-[10rem]:items-center @min-[10rem]:justify-between">
          <TierBadge rarity={nft.rarity} />
          {nft.isMinted ? (
            <span className="rounded-full bg-neutral-200 px-2 py-0.5 text-xs font-semibold text-neutral-800 dark:bg-neutral-700 dark:text-neutral-100">
              Sold
            </span>
          ) : (
            quote && (
              <span className="max-w-full truncate text-xs font-semibold">
                {quote.amount} {quote.coin}
              </span>
            )
          )}
        </div>
      )}
      {!compact && !nft.isMinted && <CartToggle nft={nft} describedBy={titleId} className={`${ui.secondary} ${ui.small} w-full px-1`} />}
    </article>
  );
}
