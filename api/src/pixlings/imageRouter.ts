import { createHash } from "node:crypto";
import { Router } from "express";
import { z } from "zod";
import { artToPng } from "@pixlings/shared/art/png";
import { COLLECTION, isValidTokenId } from "@pixlings/shared/collection";
import { notFound } from "../http/HttpError.ts";
import { route } from "../http/route.ts";
import type { IndexedArt, IndexerReader } from "../indexer/indexerReader.ts";
import { LruCache } from "./lruCache.ts";

/** Rendered PNGs kept in memory, keyed by ETag (each a few hundred bytes). */
export const PNG_CACHE_ENTRIES = 2048;

/** The sizes served: the full 288x288 (default) and the raw 9x9 grid. */
export const PNG_SIZES = [COLLECTION.scaledSize, COLLECTION.gridSize] as const;

const IMMUTABLE = "public, max-age=31536000, immutable";

const params = z.object({
  file: z
    .string()
    .regex(/^pix_(0|[1-9][0-9]*)\.png$/, "must be pix_{tokenId}.png with a decimal token id")
    .transform((file) => Number(file.slice(4, -4))),
});

const query = z.object({
  size: z
    .enum(PNG_SIZES.map(String) as [string, ...string[]], { error: `must be ${PNG_SIZES.join(" or ")}` })
    .transform(Number)
    .optional(),
});

/** A strong ETag of exactly what the image shows: token, size, art version and the art itself. */
export function pngEtag(art: IndexedArt, size: number): string {
  const digest = createHash("sha256")
    .update(Uint32Array.from(art.palette))
    .update(art.pixels)
    .digest("base64url")
    .slice(0, 16);
  return `"pix-${art.tokenId}-${size}-v${art.version}-${digest}"`;
}

/** Whether an If-None-Match header (a list of ETags, weak ones too, or `*`) matches `etag`. */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

/**
 * `GET /pixlings/pix_{tokenId}.png[?size=9|288]`: the Pix's indexed art as an indexed-colour PNG
 * (288x288 by default), with a strong ETag, a year of immutable caching and 304 on If-None-Match.
 * 400 for a malformed id or size, 404 for ids outside 1..9999 or without indexed art.
 */
export function imageRouter({ indexer, cacheEntries = PNG_CACHE_ENTRIES }: { indexer: IndexerReader; cacheEntries?: number }): Router {
  const router = Router();
  const rendered = new LruCache<string, Buffer>(cacheEntries);
  router.get(
    "/pixlings/:file",
    route({ params, query }, async ({ params: { file: tokenId }, query: { size = COLLECTION.scaledSize } }, req, res) => {
      if (!isValidTokenId(tokenId)) {
        throw notFound(`No Pix ${tokenId}: token ids are ${COLLECTION.firstTokenId}..${COLLECTION.totalSupply}`);
      }
      const art = await indexer.art(tokenId);
      if (!art) throw notFound(`Pix ${tokenId} has no art yet`);
      const etag = pngEtag(art, size);
      res.set({
        ETag: etag,
        "Cache-Control": IMMUTABLE,
        // Images may be embedded by other origins (wallets, marketplaces).
        "Cross-Origin-Resource-Policy": "cross-origin",
      });
      if (matches(req.get("if-none-match"), etag)) {
        res.status(304).end();
        return;
      }
      let png = rendered.get(etag);
      if (!png) {
        png = artToPng(art, size / COLLECTION.gridSize);
        rendered.set(etag, png);
      }
      res.type("image/png").send(png);
    }),
  );
  return router;
}
