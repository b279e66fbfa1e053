import { createHash } from "node:crypto";
import { Router, type Response } from "express";
import { z } from "zod";
import { COLLECTION, isArtistId } from "@pixlings/shared/collection";
import { NFT_PAGE_LIMIT, type AvailablePage, type Nft } from "@pixlings/shared/http/nfts";
import { notFound } from "../http/HttpError.ts";
import { route } from "../http/route.ts";
import { positiveIntString, tokenIdString } from "../http/schemas.ts";
import type { Market, MarketState } from "../market/market.ts";
import { BoundedCache, type CacheLimits } from "./boundedCache.ts";
import { featuredIds } from "./featuredIds.ts";
import { isAvailable, toNft } from "./toNft.ts";

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

export interface JsonBody {
  bytes: Buffer;
  etag: string;
}

/**
 * The bodies kept per market version: every browse page at the standard limit (100 pages at most,
 * each ~40 kB), featured, the artist grid and each artist's pieces, with room to spare.
 */
const BODY_CACHE_LIMITS: CacheLimits = { maxEntries: 256, maxSize: 16 * 1024 * 1024 };

/** A bounded cache of JSON bodies for nftsRouter (its own by default; a test may pass one to watch it). */
export function createBodyCache(limits: CacheLimits = BODY_CACHE_LIMITS): BoundedCache<JsonBody> {
  return new BoundedCache<JsonBody>(limits, (body) => body.bytes.length + body.etag.length);
}

/** `T`: the answer's type in the HTTP contract, named at every call (`jsonBody<Nft[]>(...)`), never inferred. */
const jsonBody = <T = never>(value: NoInfer<T>): JsonBody => {
  const bytes = Buffer.from(JSON.stringify(value));
  return { bytes, etag: `W/"${createHash("sha1").update(bytes).digest("base64url")}"` };
};

/**
 * `build`'s value for `key`, computed once per market version: Express would otherwise hash every
 * body on every response. `cache` is emptied whenever the version changes.
 */
function versioned<V>(cache: BoundedCache<V>): (state: MarketState, key: string, build: () => V) => V {
  let version = "";
  return (state, key, build) => {
    if (state.version !== version) {
      version = state.version;
      cache.clear();
    }
    let value = cache.get(key);
    if (value === undefined) cache.set(key, (value = build()));
    return value;
  };
}

/** Sends a cached body (304 when the client already has it: Express compares the ETag); its type was named at jsonBody. */
const sendJson = <T>(res: Response<T>, body: JsonBody, cacheControl: string): void => {
  (res as Response).set({ "Content-Type": "application/json; charset=utf-8", "Cache-Control": cacheControl, ETag: body.etag }).send(body.bytes);
};

const listKey = ({ filter, artistId, sold }: Listing): string => `${filter}:${artistId ?? "any"}:${sold ? "sold" : "unsold"}`;

const nftsOf = (state: MarketState, ids: readonly number[]): Nft[] => ids.map((id) => toNft(state, id)).filter((nft): nft is Nft => nft !== undefined);

/**
 * The catalogue as buyers see it: `GET /api/nfts/available` (paged, `filter=artist` or `filter=common`,
 * `artist={id}` for one artist's pieces, `sold=include` to list sold Pix too),
 * `/api/nfts/featured`, `/api/nfts/artist`, `/api/nfts/token/{id}`, `/api/nfts/by-artist/{id}`.
 * A page past the last one answers the last page (the spec's pager clamp); only pages at the
 * standard limit are cached, so no request adds a cache entry beyond the pages that exist.
 */
/** Which Pix a page lists: a tier filter, optionally one artist's, and whether sold ones count. */
interface Listing {
  filter: "all" | "artist" | "common";
  artistId: number | undefined;
  sold: boolean;
}
/** The lists kept per market version: the three standard ones, plus an artist's or a "show sold" list now and then. */
const LISTS_KEPT = 32;

export function nftsRouter({ market, bodies = createBodyCache() }: { market: Market; bodies?: BoundedCache<JsonBody> }): Router {
  const router = Router();
  const cached = versioned(bodies);
  // The lists every page slices, per version (all available, available Artist pieces, available Common ones for freemint cards, ...).
  const listIdsOf = versioned(new BoundedCache<readonly number[]>({ maxEntries: LISTS_KEPT, maxSize: 4 * ALL_IDS.length }, (ids) => ids.length + 1));
  const fits = (state: MarketState, id: number, { filter, artistId, sold }: Listing): boolean => {
    const entry = state.catalogue.get(id);
    if (!entry || (!sold && !isAvailable(state, id))) return false;
    if (artistId !== undefined && entry.artist?.id !== artistId) return false;
    return filter === "all" || (filter === "artist" ? isArtistId(id) : entry.tier === "Common");
  };
  const listIds = (state: MarketState, listing: Listing): readonly number[] =>
    listIdsOf(state, listKey(listing), () => ALL_IDS.filter((id) => fits(state, id, listing)));
  const availableIds = (state: MarketState, filter: Listing["filter"]): readonly number[] => listIds(state, { filter, artistId: undefined, sold: false });

  router.get(
    "/api/nfts/available",
    route({ query: pageQuery }, async ({ query }, _req, res) => {
      const state = await market.state();
      const limit = query.limit ?? NFT_PAGE_LIMIT;
      const listing: Listing = { filter: query.filter ?? "all", artistId: query.artist, sold: query.sold === "include" };
      const ids = listIds(state, listing);
      const totalPages = Math.max(1, Math.ceil(ids.length / limit));
      const page = Math.min(query.page ?? 1, totalPages);
      const build = (): JsonBody =>
        jsonBody<AvailablePage>({
          nfts: nftsOf(state, ids.slice((page - 1) * limit, page * limit)),
          pagination: { page, limit, total: ids.length, totalPages },
        });
      const body = limit === NFT_PAGE_LIMIT ? cached(state, `available:${page}:${listKey(listing)}`, build) : build();
      sendJson(res, body, "no-cache");
    }),
  );

  router.get(
    "/api/nfts/featured",
    route({}, async (_input, _req, res) => {
      const state = await market.state();
      const body = cached(state, `featured:${new Date().toISOString().slice(0, 10)}`, () =>
        jsonBody<Nft[]>(nftsOf(state, featuredIds(availableIds(state, "all"), state, FEATURED_COUNT, new Date()))),
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
  return router;
}
