import { useState } from "react";
import type { Nft } from "@pixlings/shared/http/nfts";
import { displayName } from "../cart/addToCart.ts";

type PixLike = Pick<Nft, "tokenId" | "imageUrl" | "name" | "customName">;

/**
 * The Pix's 9x9 art scaled up with hard pixel edges; one neutral tile if the image fails. `eager`
 * for an image the page opens on (the largest paint): asked for at once and first, not after layout.
 */
export function PixImage({ nft, size = 288, eager = false, className = "" }: { nft: PixLike; size?: number; eager?: boolean; className?: string }) {
  const [failed, setFailed] = useState(false);
  const base = `aspect-square w-full rounded-md bg-neutral-100 dark:bg-neutral-800 ${className}`;
  if (failed) {
    return (
      <div role="img" aria-label={`${displayName(nft)} (image unavailable)`} className={`${base} grid place-items-center text-neutral-500`}>
        <span aria-hidden="true" className="text-2xl">
          ?
        </span>
      </div>
    );
  }
  return (
    <img
      src={nft.imageUrl}
      alt={displayName(nft)}
      width={size}
      height={size}
      loading={eager ? "eager" : "lazy"}
      fetchPriority={eager ? "high" : "auto"}
      decoding="async"
      onError={() => setFailed(true)}
      className={`${base} [image-rendering:pixelated]`}
    />
  );
}
