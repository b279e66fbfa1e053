import { createHash } from "node:crypto";
import { Router, type Response } from "express";
import { z } from "zod";
import { COLLECTION, isValidTokenId } from "@pixlings/shared/collection";
import { pixDisplayName } from "@pixlings/shared/http/nfts";
import { notFound } from "../http/HttpError.ts";
import { route } from "../http/route.ts";
import type { Market } from "../market/market.ts";
import { BoundedCache, type CacheLimits } from "../cache/boundedCache.ts";
import { toNft } from "../nfts/toNft.ts";
import { renderShareCard, type ShareCardContent } from "./shareCard.ts";

/** Rendered cards kept (~3 kB each): a bound in bytes, so no request can grow it. */
const CARD_CACHE_LIMITS: CacheLimits = { maxEntries: 1024, maxSize: 4 * 1024 * 1024 };

const params = z.object({
  file: z
    .string()
    .regex(/^(0|[1-9][0-9]*)\.png$/, "must be {tokenId}.png with a decimal token id")
    .transform((file) => Number(file.slice(0, -4))),
});

/** A strong ETag of what the card shows: the art's version and content, the name and the tier. */
function cardEtag({ tokenId, name, tier, art }: ShareCardContent, version: number): string {
  const digest = createHash("sha256").update(Uint32Array.from(art.palette)).update(art.pixels).update(`${tier}\n${name}`).digest("base64url").slice(0, 16);
  return `"og-${tokenId}-v${version}-${digest}"`;
}

/**
 * `GET /og/pix/{tokenId}.png`: the Pix's share card (1200x630, shareCard.ts) for link previews,
 * from the art the images are drawn from (the indexed on-chain art). Its ETag follows the art's
 * version and what the card shows (304 on If-None-Match); rendered cards are kept in a cache
 * bounded in bytes. 400 for a malformed name, 404 for an id outside 1..9999 or without art.
 */
export function shareImageRouter({ market, limits = CARD_CACHE_LIMITS }: { market: Market; limits?: CacheLimits }): Router {
  const router = Router();
  const cards = new BoundedCache<Buffer>(limits, (png) => png.length);
  router.get(
    "/og/pix/:file",
    route({ params }, async ({ params: { file: tokenId } }, req, res: Response<Buffer>) => {
      if (!isValidTokenId(tokenId)) throw notFound(`No Pix ${tokenId}: token ids are ${COLLECTION.firstTokenId}..${COLLECTION.totalSupply}`);
      const state = await market.state();
      const nft = toNft(state, tokenId);
      const art = await state.art.get(tokenId);
      if (!nft || !art) throw notFound(`Pix ${tokenId} has no art yet`);
      const content: ShareCardContent = { tokenId, name: pixDisplayName(nft), tier: nft.rarity, art };
      const etag = cardEtag(content, art.version);
      res.set({
        ETag: etag,
        // The link carries the art version (shareMeta.ts); the name may change under it.
        "Cache-Control": "public, max-age=300",
        "Cross-Origin-Resource-Policy": "cross-origin",
        "X-Content-Type-Options": "nosniff",
      });
      if (req.fresh) {
        res.status(304).end();
        return;
      }
      let png = cards.get(etag);
      if (!png) cards.set(etag, (png = renderShareCard(content)));
      res.type("image/png").send(png);
    }),
  );
  return router;
}
