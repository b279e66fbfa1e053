import { Router, type Response } from "express";
import { z } from "zod";
import { COLLECTION, isValidTokenId } from "@pixlings/shared/collection";
import { notFound } from "../http/HttpError.ts";
import { route } from "../http/route.ts";
import type { IndexedArt } from "../indexer/indexerReader.ts";
import type { ArtStore } from "./artStore.ts";
import { type CachedImage, cachedImage, createImageCache } from "./imageCache.ts";

/** Pieces pre-rendered per turn of the event loop after a load (keeps requests flowing meanwhile). */
const PRERENDER_BATCH = 100;

/**
 * How stale the in-memory art may get (artStore.ts). Art changes only by an artist replacement of
 * an unminted Pix, so an image at most this old is fine; it keeps the indexer out of the hot path
 * (a grid page asks for 100 images at once).
 */
export const ART_MAX_AGE_MS = 2_000;

/** The sizes served: the full 288x288 (default) and the raw 9x9 grid. */
const PNG_SIZES = [COLLECTION.scaledSize, COLLECTION.gridSize] as const;

const IMMUTABLE = "public, max-age=31536000, immutable";

const params = z.object({
  file: z
    .string()
    .regex(/^pix_(0|[1-9][0-9]*)\.png$/, "must be pix_{tokenId}.png with a decimal token id")
    .transform((file) => Number(file.slice(4, -4))),
});

export const imageQuery = z.object({
  size: z
    .enum(PNG_SIZES.map(String) as [string, ...string[]], { error: `must be ${PNG_SIZES.join(" or ")}` })
    .transform(Number)
    .optional(),
});

/** Whether an If-None-Match header (a list of ETags, weak ones too, or `*`) matches `etag`. */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

/** The images served, rendered once per art (`imageOf` throws 404 for a Pix without indexed art). */
export interface Images {
  imageOf(tokenId: number, size: number): Promise<CachedImage>;
}

/**
 * The PNGs of the indexed art, for imageRouter and its hot read (hotImages.ts): a bounded cache of
 * rendered images (`cacheBytes`), new art pre-rendered as soon as it is loaded.
 */
export function createImages({ art: store, cacheBytes }: { art: ArtStore /** The PNG cache's bound (imageCache.ts). */; cacheBytes?: number }): Images {
  const rendered = createImageCache(cacheBytes);
  const render = (art: IndexedArt, size: number): CachedImage => cachedImage(rendered, art, size);
  // Deflating a 288 px image costs ~0.3 ms: render new art ahead of the first request for it.
  const prerender = (pieces: readonly IndexedArt[], from = 0): void => {
    for (const art of pieces.slice(from, from + PRERENDER_BATCH)) render(art, COLLECTION.scaledSize);
    if (from + PRERENDER_BATCH < pieces.length) setImmediate(() => prerender(pieces, from + PRERENDER_BATCH));
  };
  store.onReload((changed) => prerender(changed));
  // Load (and so pre-render) now rather than on the first request; an absent indexer is retried then.
  void store.get(COLLECTION.firstTokenId).catch(() => undefined);
  return {
    async imageOf(tokenId, size) {
      const art = await store.get(tokenId);
      if (!art) throw notFound(`Pix ${tokenId} has no art yet`);
      return render(art, size);
    },
  };
}

/** An image's own headers, in the order imageRouter sets them (Express's Content-Type and Content-Length follow). */
export const imageHeaders = (etag: string): Record<string, string> => ({
  ETag: etag,
  "Cache-Control": IMMUTABLE,
  // Images may be embedded by other origins (wallets, marketplaces).
  "Cross-Origin-Resource-Policy": "cross-origin",
  "X-Content-Type-Options": "nosniff",
});

/**
 * `GET /pixlings/pix_{tokenId}.png[?size=9|288]`: the Pix's indexed art as an indexed-colour PNG
 * (288x288 by default), with a strong ETag, a year of immutable caching and 304 on If-None-Match.
 * 400 for a malformed id or size, 404 for ids outside 1..9999 or without indexed art.
 */
export function imageRouter({ images }: { images: Images }): Router {
  const router = Router();
  router.get(
    "/pixlings/:file",
    route({ params, query: imageQuery }, async ({ params: { file: tokenId }, query: { size = COLLECTION.scaledSize } }, req, res: Response<Buffer>) => {
      if (!isValidTokenId(tokenId)) {
        throw notFound(`No Pix ${tokenId}: token ids are ${COLLECTION.firstTokenId}..${COLLECTION.totalSupply}`);
      }
      const { etag, png } = await images.imageOf(tokenId, size);
      res.set(imageHeaders(etag));
      if (matches(req.get("if-none-match"), etag)) {
        res.status(304).end();
        return;
      }
      res.type("image/png").send(png);
    }),
  );
  return router;
}
