import { Router, type Response } from "express";
import { z } from "zod";
import { COLLECTION, isArtistId } from "@pixlings/shared/collection";
import { NFT_PAGE_LIMIT, type AvailablePage, type Nft, type NftFilters } from "@pixlings/shared/http/nfts";
import { ANY_STATUS, NO_FILTERS, nftQueryParams } from "@pixlings/shared/http/nftQuery";
import { notFound } from "../http/HttpError.ts";
import { route } from "../http/route.ts";
import { positiveIntString, tokenIdString } from "../http/schemas.ts";
import type { IndexerReader } from "../indexer/indexerReader.ts";
import type { Market, MarketState } from "../market/market.ts";
import type { BoundedCache, CacheLimits } from "../cache/boundedCache.ts";
import { createExplorer } from "./explorer.ts";
import { explorerRouter } from "./explorerRouter.ts";
import { featuredIds } from "./featuredIds.ts";
import { createJsonBodyCache, jsonBody, sendJson, versioned, type JsonBody } from "./jsonBodies.ts";
import { toNft } from "./toNft.ts";

const FEATURED_COUNT = 8;

const pageQuery = z.object({
  page: positiveIntString("page").optional(),
  limit: positiveIntString("limit", NFT_PAGE_LIMIT).optional(),
  filter: z.enum(["artist", "common"], { error: 'must be "artist" or "common" when given' }).optional(),
  /** One artist's pieces only. */
  artist: positiveIntString("artist").optional(),
  /** `include`: sold Pix too (Browse's "show sold"), in token order. */
  sold: z.enum(["include", "exclude"], { error: 'must be "include" or "exclude" when given' }).optional(),
  // The web app adds a cache-busting timestamp.
  t: z.string().optional(),
});

const ALL_IDS = Array.from({ length: COLLECTION.totalSupply }, (_, i) => COLLECTION.firstTokenId + i);

/**
 * The bodies kept per market version: every browse page at the standard limit (100 pages at most,
 * each ~40 kB), featured, the artist grid and each artist's pieces, with room to spare.
 */
const BODY_CACHE_LIMITS: CacheLimits = { maxEntries: 256, maxSize: 16 * 1024 * 1024 };
/**
 * The explorer's bodies, apart: its filter combinations are many, and a visitor trying them all
 * must not push the standard browse pages out.
 */
const EXPLORER_CACHE_LIMITS: CacheLimits = { maxEntries: 128, maxSize: 8 * 1024 * 1024 };

/** A bounded cache of JSON bodies for nftsRouter (its own by default; a test may pass one to watch it). */
export function createBodyCache(limits: CacheLimits = BODY_CACHE_LIMITS): BoundedCache<JsonBody> {
  return createJsonBodyCache(limits);
}

const nftsOf = (state: MarketState, ids: readonly number[]): Nft[] => ids.map((id) => toNft(state, id)).filter((nft): nft is Nft => nft !== undefined);

/** `/api/nfts/available`'s parameters as the explorer's filters: a tier, an artist, sold ones or not. */
function availableFilters(query: z.output<typeof pageQuery>): NftFilters {
  return {
    ...NO_FILTERS,
    tiers: query.filter === "artist" ? ["Artist"] : query.filter === "common" ? ["Common"] : [],
    artists: query.artist === undefined ? [] : [query.artist],
    statuses: query.sold === "include" ? ANY_STATUS : NO_FILTERS.statuses,
  };
}

/**
 * The catalogue as buyers see it: `GET /api/nfts/available` (paged, `filter=artist` or `filter=common`,
 * `artist={id}` for one artist's pieces, `sold=include` to list sold Pix too: the trait explorer's
 * filters under their first names), `/api/nfts/featured`, `/api/nfts/artist`, `/api/nfts/token/{id}`,
 * `/api/nfts/by-artist/{id}`, and the trait explorer (`explorerRouter.ts`). A page past the last
 * one answers the last page (the spec's pager clamp); only pages at the standard limit are cached,
 * so no request adds a cache entry beyond the pages that exist.
 */
export function nftsRouter({
  market,
  indexer,
  bodies = createBodyCache(),
  explored = createJsonBodyCache(EXPLORER_CACHE_LIMITS),
}: {
  market: Market;
  indexer: Pick<IndexerReader, "mintTimes">;
  bodies?: BoundedCache<JsonBody>;
  explored?: BoundedCache<JsonBody>;
}): Router {
  const router = Router();
  const cached = versioned(bodies);
  const explorer = createExplorer(indexer);

  router.get(
    "/api/nfts/available",
    route({ query: pageQuery }, async ({ query }, _req, res) => {
      const state = await market.state();
      const limit = query.limit ?? NFT_PAGE_LIMIT;
      const filters = availableFilters(query);
      const found = await explorer.page(state, { filters, sort: "id", page: query.page ?? 1, limit });
      const build = (): JsonBody =>
        jsonBody<AvailablePage>({
          nfts: nftsOf(state, found.ids),
          pagination: { page: found.page, limit, total: found.total, totalPages: found.totalPages },
        });
      const body = limit === NFT_PAGE_LIMIT ? cached(state, `available?${nftQueryParams({ filters, page: found.page })}`, build) : build();
      sendJson(res, body, "no-cache");
    }),
  );

  router.get(
    "/api/nfts/featured",
    route({}, async (_input, _req, res) => {
      const state = await market.state();
      const body = cached(state, `featured:${new Date().toISOString().slice(0, 10)}`, () =>
        jsonBody<Nft[]>(nftsOf(state, featuredIds(explorer.ids(state, NO_FILTERS), state, FEATURED_COUNT, new Date()))),
      );
      sendJson(res, body, "no-cache");
    }),
  );

  router.get(
    "/api/nfts/artist",
    route({}, async (_input, _req, res) => {
      const state = await market.state();
      sendJson(
        res,
        cached(state, "artist", () => jsonBody<Nft[]>(nftsOf(state, ALL_IDS.filter(isArtistId)))),
        "no-cache",
      );
    }),
  );

  router.get(
    "/api/nfts/token/:tokenId",
    route({ params: z.object({ tokenId: tokenIdString }) }, async ({ params }, _req, res: Response<Nft>) => {
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
      sendJson(
        res,
        cached(state, `by-artist:${params.artistId}`, () => jsonBody<Nft[]>(nftsOf(state, ids))),
        "no-cache",
      );
    }),
  );
  router.use(explorerRouter({ market, explorer, bodies: explored }));
  return router;
}
