import { useState } from "react";
import type { Nft } from "@pixlings/shared/http/nfts";
import { displayName } from "../cart/addToCart.ts";
import { imageFallbacks } from "./imageFallbacks.ts";

type PixLike = Pick<Nft, "tokenId" | "imageUrl" | "name" | "customName">;

/** Which URL is showing: `imageUrl` until it fails, then each of `imageFallbacks` in turn; `failed` once all did. */
interface Attempt {
  /** The imageUrl these tries are for (a replaced art's new URL starts over). */
  of: string;
  src: string;
  next: string[] | undefined;
  failed: boolean;
}

const first = (imageUrl: string): Attempt => ({ of: imageUrl, src: imageUrl, next: undefined, failed: false });

/**
 * The Pix's 9x9 art scaled up with hard pixel edges. A failed image is retried along the spec's
 * chain (imageFallbacks.ts), then a placeholder tile says the image is unavailable. `eager` for an
 * image the page opens on (the largest paint): asked for at once and first, not after layout.
 */
export function PixImage({ nft, size = 288, eager = false, className = "" }: { nft: PixLike; size?: number; eager?: boolean; className?: string }) {
  const [state, setState] = useState<Attempt>(() => first(nft.imageUrl));
  const attempt = state.of === nft.imageUrl ? state : first(nft.imageUrl);
  const base = `aspect-square w-full rounded-md bg-neutral-100 dark:bg-neutral-800 ${className}`;

  const onError = () =>
    setState((current) => {
      const now = current.of === nft.imageUrl ? current : first(nft.imageUrl);
      const next = now.next ?? imageFallbacks(nft.tokenId, nft.imageUrl, String(Date.now()));
      const [src, ...rest] = next;
      return src === undefined ? { ...now, next: [], failed: true } : { ...now, src, next: rest };
    });

  if (attempt.failed) {
    return (
      <div
        role="img"
        aria-label={`${displayName(nft)} (image unavailable)`}
        data-placeholder
        className={`${base} grid place-items-center content-center gap-1 p-2 text-center text-neutral-600 dark:text-neutral-400`}
      >
        <svg aria-hidden="true" viewBox="0 0 3 3" shapeRendering="crispEdges" className="size-1/4 max-h-12 max-w-12 opacity-60">
          <rect width="3" height="3" fill="currentColor" opacity="0.25" />
          <rect x="0" y="0" width="1" height="1" fill="currentColor" />
          <rect x="2" y="0" width="1" height="1" fill="currentColor" />
          <rect x="1" y="1" width="1" height="1" fill="currentColor" />
          <rect x="0" y="2" width="1" height="1" fill="currentColor" />
          <rect x="2" y="2" width="1" height="1" fill="currentColor" />
        </svg>
        <span aria-hidden="true" className="text-xs font-medium @max-[8rem]:hidden">
          Image unavailable
        </span>
      </div>
    );
  }
  return (
    <img
      src={attempt.src}
      alt={displayName(nft)}
      width={size}
      height={size}
      loading={eager ? "eager" : "lazy"}
      fetchPriority={eager ? "high" : "auto"}
      decoding="async"
      onError={onError}
      className={`${base} [image-rendering:pixelated]`}
    />
  );
}
