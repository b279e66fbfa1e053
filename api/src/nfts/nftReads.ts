import { z } from "zod";
import { COLLECTION, isArtistId } from "@pixlings/shared/collection";
import { NFT_PAGE_LIMIT, type AvailablePage, type Nft, type NftFacets, type NftFilters } from "@pixlings/shared/http/nfts";
import { ANY_STATUS, NO_FILTERS, nftQueryParams, nftQueryShape, toNftQuery } from "@pixlings/shared/http/nftQuery";
import { positiveIntString } from "../http/schemas.ts";
import type { IndexerReader } from "../indexer/indexerReader.ts";
import type { Market, MarketState } from "../market/market.ts";
import type { BoundedCache, CacheLimits } from "../cache/boundedCache.ts";
import { createExplorer } from "./explorer.ts";
import { featuredIds } from "./featuredIds.ts";
import { createJsonBodyCache, jsonBody, versioned, versionedAsync, type JsonBody } from "./jsonBodies.ts";
import { toNft } from "./toNft.ts";

const FEATURED_COUNT = 8;

/** `GET /api/nfts/available`'s parameters. */
export const pageQuery = z.object({
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

/**
 * The explorer's parameters (`GET /api/nfts`, `/api/nfts/facets`), each optional; any other is
 * refused by name (a misspelt filter must not silently show everything). `t` is the web app's cache-buster.
 */
export const explorerQuery = z
  .strictObject({
    ...Object.fromEntries(Object.entries(nftQueryShape).map(([name, schema]) => [name, schema.optional()])),
    t: z.string().optional(),
  } as { [K in keyof typeof nftQueryShape]: z.ZodOptional<(typeof nftQueryShape)[K]> } & { t: z.ZodOptional<z.ZodString> })
  .superRefine((query, ctx) => {
    if (query.minUsd !== undefined && query.maxUsd !== undefined && query.maxUsd < query.minUsd) {
      ctx.addIssue({ code: "custom", path: ["maxUsd"], message: "must be at least minUsd" });
    }
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

/** A bounded cache of JSON bodies for the catalogue's reads (its own by default; a test may pass one to watch it). */
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

/** The catalogue's answers, each a body built once per market version (and query) with its ETag. */
export interface NftReads {
  available(query: z.output<typeof pageQuery>): Promise<JsonBody>;
  featured(): Promise<JsonBody>;
  artistPieces(): Promise<JsonBody>;
  /** Undefined for an artist with no pieces. */
  byArtist(artistId: number): Promise<JsonBody | undefined>;
  /** Undefined for an id the catalogue does not have. */
  token(tokenId: number): Promise<Nft | undefined>;
  explore(query: z.output<typeof explorerQuery>): Promise<JsonBody>;
  facets(query: z.output<typeof explorerQuery>): Promise<JsonBody>;
}

/**
 * The catalogue as buyers see it, for nftsRouter and explorerRouter and for the hot reads
 * (hotNftReads.ts), so both answer the same bytes. A page past the last one answers the last page
 * (the spec's pager clamp); only pages at the standard limit are cached, so no request adds a cache
 * entry beyond the pages that exist.
 */
export function createNftReads({
  market,
  indexer,
  bodies = createBodyCache(),
  explored = createJsonBodyCache(EXPLORER_CACHE_LIMITS),
}: {
  market: Market;
  indexer: Pick<IndexerReader, "mintTimes">;
  bodies?: BoundedCache<JsonBody>;
  explored?: BoundedCache<JsonBody>;
}): NftReads {
  const cached = versioned(bodies);
  const explorer = createExplorer(indexer);
  const cachedFacets = versioned(explored);
  const cachedPages = versionedAsync(explored);
  return {
    async available(query) {
      const state = await market.state();
      const limit = query.limit ?? NFT_PAGE_LIMIT;
      const filters = availableFilters(query);
      const found = await explorer.page(state, { filters, sort: "id", page: query.page ?? 1, limit });
      const build = (): JsonBody =>
        jsonBody<AvailablePage>({
          nfts: nftsOf(state, found.ids),
          pagination: { page: found.page, limit, total: found.total, totalPages: found.totalPages },
        });
      return limit === NFT_PAGE_LIMIT ? cached(state, `available?${nftQueryParams({ filters, page: found.page })}`, build) : build();
    },
    async featured() {
      const state = await market.state();
      return cached(state, `featured:${new Date().toISOString().slice(0, 10)}`, () =>
        jsonBody<Nft[]>(nftsOf(state, featuredIds(explorer.ids(state, NO_FILTERS), state, FEATURED_COUNT, new Date()))),
      );
    },
    async artistPieces() {
      const state = await market.state();
      return cached(state, "artist", () => jsonBody<Nft[]>(nftsOf(state, ALL_IDS.filter(isArtistId))));
    },
    async byArtist(artistId) {
      const state = await market.state();
      const ids = ALL_IDS.filter((id) => state.catalogue.get(id)?.artist?.id === artistId);
      if (ids.length === 0) return undefined;
      return cached(state, `by-artist:${artistId}`, () => jsonBody<Nft[]>(nftsOf(state, ids)));
    },
    async token(tokenId) {
      return toNft(await market.state(), tokenId);
    },
    async explore(query) {
      const state = await market.state();
      const asked = toNftQuery(query);
      // By the query as asked (a page past the last is a key of its own): a page already built
      // costs no filtering, sorting or JSON until the market changes.
      return cachedPages(state, `nfts?${nftQueryParams(asked)}`, async () => {
        const found = await explorer.page(state, asked);
        return jsonBody<AvailablePage>({
          nfts: nftsOf(state, found.ids),
          pagination: { page: found.page, limit: asked.limit, total: found.total, totalPages: found.totalPages },
        });
      });
    },
    async facets(query) {
      const state = await market.state();
      const { filters } = toNftQuery(query);
      return cachedFacets(state, `facets?${nftQueryParams({ filters })}`, () => jsonBody<NftFacets>(explorer.facets(state, filters)));
    },
  };
}
