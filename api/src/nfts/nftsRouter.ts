import { createHash } from "node:crypto";
import { Router, type Response } from "express";
import { z } from "zod";
import { COLLECTION, isArtistId } from "@pixlings/shared/collection";
import { notFound } from "../http/HttpError.ts";
import { route } from "../http/route.ts";
import { positiveIntString, tokenIdString } from "../http/schemas.ts";
import type { Market, MarketState } from "../market/market.ts";
import { featuredIds } from "./featuredIds.ts";
import { isAvailable, toNft, type Nft } from "./toNft.ts";

export const PAGE_LIMIT = 100;
export const FEATURED_COUNT = 8;

const pageQuery = z.object({
  page: positiveIntString("page").optional(),
  limit: positiveIntString("limit", PAGE_LIMIT).optional(),
  filter: z.enum(["artist"], { error: 'must be "artist" when given' }).optional(),
  // The web app adds a cache-busting timestamp.
  t: z.string().optional(),
});

const ALL_IDS = Array.from({ length: COLLECTION.totalSupply }, (_, i) => COLLECTION.firstTokenId + i);

interface JsonBody {
  bytes: Buffer;
  etag: string;
}

/**
 * JSON bodies computed once per market version (a browse page is ~40 kB for 100 Pix), with their
 * ETag: Express would otherwise hash every body on every response.
 */
function versionedCache(): (state: MarketState, key: string, build: () => unknown) => JsonBody {
  let version = "";
  let bodies = new Map<string, JsonBody>();
  return (state, key, build) => {
    if (state.version !== version) {
      version = state.version;
      bodies = new Map();
    }
    let body = bodies.get(key);
    if (!body) {
      const bytes = Buffer.from(JSON.stringify(build()));
      bodies.set(key, (body = { bytes, etag: `W/"${createHash("sha1").update(bytes).digest("base64url")}"` }));
    }
    return body;
  };
}

/** Sends a cached body (304 when the client already has it: Express compares the ETag). */
const sendJson = (res: Response, body: JsonBody, cacheControl: string): void => {
  res.set({ "Content-Type": "application/json; charset=utf-8", "Cache-Control": cacheControl, ETag: body.etag }).send(body.bytes);
};

const nftsOf = (state: MarketState, ids: readonly number[]): Nft[] => ids.map((id) => toNft(state, id)).filter((nft): nft is Nft => nft !== undefined);

/**
 * The catalogue as buyers see it: `GET /api/nfts/available` (paged, `filter=artist`),
 * `/api/nfts/featured`, `/api/nfts/artist`, `/api/nfts/token/{id}`, `/api/nfts/by-artist/{id}`.
 */
export function nftsRouter({ market }: { market: Market }): Router {
  const router = Router();
  const cached = versionedCache();
  const availableIds = (state: MarketState, artistOnly: boolean): number[] =>
    ALL_IDS.filter((id) => state.catalogue.has(id) && isAvailable(state, id) && (!artistOnly || isArtistId(id)));

  router.get(
    "/api/nfts/available",
    route({ query: pageQuery }, async ({ query }, _req, res) => {
      const state = await market.state();
      const page = query.page ?? 1;
      const limit = query.limit ?? PAGE_LIMIT;
      const artistOnly = query.filter === "artist";
      const body = cached(state, `available:${page}:${limit}:${artistOnly}`, () => {
        const ids = availableIds(state, artistOnly);
        const totalPages = Math.max(1, Math.ceil(ids.length / limit));
        return { nfts: nftsOf(state, ids.slice((page - 1) * limit, page * limit)), pagination: { page, limit, total: ids.length, totalPages } };
      });
      sendJson(res, body, "no-cache");
    }),
  );

  router.get(
    "/api/nfts/featured",
    route({}, async (_input, _req, res) => {
      const state = await market.state();
      const body = cached(state, `featured:${new Date().toISOString().slice(0, 10)}`, () =>
        nftsOf(state, featuredIds(availableIds(state, false), state, FEATURED_COUNT, new Date())),
      );
      sendJson(res, body, "no-cache");
    }),
  );

  router.get(
    "/api/nfts/artist",
    route({}, async (_input, _req, res) => {
      const state = await market.state();
      sendJson(res, cached(state, "artist", () => nftsOf(state, ALL_IDS.filter(isArtistId))), "no-cache");
    }),
  );

  router.get(
    "/api/nfts/token/:tokenId",
    route({ params: z.object({ tokenId: tokenIdString }) }, async ({ params }, _req, res) => {
      const state = await market.state();
      const nft = toNft(state, params.tokenId);
      if (!nft) throw notFound(`No NFT found with token ID ${params.tokenId}`);
      res.set("Cache-Control", "no-cache").json(nft);
    }),
  );

  router.get(
    "/api/nfts/by-artist/:artistId",
    route({ params: z.object({ artistId: positiveIntString("artistId") }) }, async ({ params }, _req, res) => {
      const state = await market.state();
      const ids = ALL_IDS.filter((id) => state.catalogue.get(id)?.artist?.id === params.artistId);
      if (ids.length === 0) throw notFound(`No artist ${params.artistId}`);
      sendJson(res, cached(state, `by-artist:${params.artistId}`, () => nftsOf(state, ids)), "no-cache");
    }),
  );
  return router;
}
