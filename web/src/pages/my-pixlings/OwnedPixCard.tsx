import { useId } from "react";
import { Link } from "react-router";
import type { Nft } from "@pixlings/shared/http/nfts";
import { displayName } from "../../cart/addToCart.ts";
import { PixImage } from "../../components/PixImage.tsx";
import { TierBadge } from "../../components/TierBadge.tsx";
import { ui } from "../../components/ui.ts";
import { hasStory, isArtistPix } from "../../stories/storyRules.ts";
import { ownerTypeLabel } from "./ownerType.ts";

/**
 * One owned Pix: opens /owned-pix/{tokenId}; its story button opens the story dialog; `action`
 * renders a further button for it (Mint to Wallet on a card Pix), labelled by the card's title id;
 * `source` tells a freemint Pix from a card one.
 */
export function OwnedPixCard({
  nft,
  source,
  onStory,
  action,
}: {
  nft: Nft;
  source?: "card" | "freemint" | undefined;
  onStory(nft: Nft): void;
  action?: (nft: Nft, titleId: string) => React.ReactNode;
}) {
  const titleId = useId();
  const ownerType = ownerTypeLabel(nft.ownerType, source);
  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col gap-2 rounded-lg border border-neutral-200 bg-white p-2 hover:border-violet-500 dark:border-neutral-800 dark:bg-neutral-900"
    >
      <Link to={`/owned-pix/${nft.tokenId}`} className="block rounded-md focus-visible:outline-2 focus-visible:outline-violet-600">
        <PixImage nft={nft} />
      </Link>
      <h3 id={titleId} className="truncate text-sm font-semibold">
        <Link to={`/owned-pix/${nft.tokenId}`} className="hover:underline">
          {displayName(nft)}
        </Link>
      </h3>
      <span className={`text-xs ${ui.muted}`}>Token #{nft.tokenId}</span>
      <span className="flex flex-wrap gap-1">
        <TierBadge rarity={nft.rarity} />
        {ownerType && <span className="inline-flex items-center rounded-full bg-sky-800 px-2 py-0.5 text-xs font-semibold text-white">{ownerType}</span>}
        {hasStory(nft) && (
          <span className="inline-flex items-center rounded-full bg-emerald-700 px-2 py-0.5 text-xs font-semibold text-white">Has a story</span>
        )}
      </span>
      <button type="button" className={`${ui.secondary} ${ui.small} mt-auto w-full`} aria-describedby={titleId} onClick={() => onStory(nft)}>
        {isArtistPix(nft) ? "View Story" : "Edit Story"}
      </button>
      {action?.(nft, titleId)}
    </article>
  );
}
