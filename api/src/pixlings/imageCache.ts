import { createHash } from "node:crypto";
import { COLLECTION } from "@pixlings/shared/collection";
import { artToPng } from "@pixlings/shared/node/png";
import type { IndexedArt } from "../indexer/indexerReader.ts";
import { BoundedCache } from "../cache/boundedCache.ts";

export interface CachedImage {
  etag: string;
  png: Buffer;
}

/** Rendered Pix PNGs by token and size, each with the piece object it was drawn from. */
export type ImageCache = BoundedCache<{ art: IndexedArt; image: CachedImage }>;

/** Room for every Pix at both sizes: 9,999 x (a ~240-byte 288 px PNG + a ~80-byte 9 px one + two entries' overhead) is about 9.5 MB. */
export const PNG_CACHE_DEFAULT_BYTES = 12 * 1024 * 1024;
/** An entry besides its PNG: the ETag, the key, the objects, and the piece it holds on to. */
const ENTRY_OVERHEAD_BYTES = 300;

/** At most `maxBytes` of images (estimated), least recently used out first. */
export function createImageCache(maxBytes: number = PNG_CACHE_DEFAULT_BYTES): ImageCache {
  return new BoundedCache({ maxEntries: Number.MAX_SAFE_INTEGER, maxSize: maxBytes }, ({ image }) => image.png.length + ENTRY_OVERHEAD_BYTES);
}

/** A strong ETag of exactly what the image shows: token, size, art version and the art itself. */
function pngEtag(art: IndexedArt, size: number): string {
  const digest = createHash("sha256").update(Uint32Array.from(art.palette)).update(art.pixels).digest("base64url").slice(0, 16);
  return `"pix-${art.tokenId}-${size}-v${art.version}-${digest}"`;
}

/**
 * The image of `art` at `size` px: from `cache` when it was drawn from this very piece object (a
 * replaced piece is a new object, artStore.ts, so its old image is never served), else drawn now.
 */
export function cachedImage(cache: ImageCache, art: IndexedArt, size: number): CachedImage {
  const key = `${art.tokenId}:${size}`;
  const cached = cache.get(key);
  if (cached?.art === art) return cached.image;
  const image = { etag: pngEtag(art, size), png: artToPng(art, size / COLLECTION.gridSize) };
  cache.set(key, { art, image });
  return image;
}
