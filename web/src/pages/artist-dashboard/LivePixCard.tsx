import { useId } from "react";
import { Link } from "react-router";
import type { Nft } from "@pixlings/shared/http/nfts";
import { displayName } from "../../cart/addToCart.ts";
import { PixImage } from "../../components/PixImage.tsx";
import { TierBadge } from "../../components/TierBadge.tsx";
import { ui } from "../../components/ui.ts";
import { Badge } from "../../submissions/StatusBadge.tsx";

/** One of the artist's Pix in the collection (docs/map.md#artist-area): image, name, token number, colours, rarity, Live. */
export function LivePixCard({ nft }: { nft: Nft }) {
  const titleId = useId();
  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col gap-2 rounded-lg border border-neutral-200 bg-white p-2 dark:border-neutral-800 dark:bg-neutral-900"
    >
      <Link to={`/mint/${nft.tokenId}`} className="block rounded-md">
        <PixImage nft={nft} />
      </Link>
      <h3 id={titleId} className="truncate text-sm font-semibold">
        <Link to={`/mint/${nft.tokenId}`} className="hover:underline">
          {displayName(nft)}
        </Link>
      </h3>
      <p className={`text-xs ${ui.muted}`}>
        Token #{nft.tokenId} · {nft.colorCount} colours
      </p>
      <span className="flex flex-wrap gap-1">
        <TierBadge rarity={nft.rarity} />
        <Badge tone="green">Live</Badge>
        {nft.isMinted && <Badge tone="red">SOLD</Badge>}
      </span>
    </article>
  );
}
