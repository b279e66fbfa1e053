import { Router, type Response } from "express";
import { z } from "zod";
import type { AvailablePage, Nft, NftFacets } from "@pixlings/shared/http/nfts";
import { nftQueryParams, nftQueryShape, toNftQuery } from "@pixlings/shared/http/nftQuery";
import { route } from "../http/route.ts";
import type { Market } from "../market/market.ts";
import type { BoundedCache } from "../cache/boundedCache.ts";
import type { Explorer } from "./explorer.ts";
import { jsonBody, sendJson, versioned, versionedAsync, type JsonBody } from "./jsonBodies.ts";
import { toNft } from "./toNft.ts";

/**
 * The explorer's parameters, each optional; any other is refused by name (a misspelt filter must
 * not silently show everything). `t` is the web app's cache-buster.
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

/**
 * `GET /api/nfts` (a page of the Pix matching the filters, in the order asked) and
 * `GET /api/nfts/facets` (every filter value's count), from the market view: bodies built once per
 * market version and query, with their ETag.
 */
export function explorerRouter({ market, explorer, bodies }: { market: Market; explorer: Explorer; bodies: BoundedCache<JsonBody> }): Router {
  const router = Router();
  const cached = versioned(bodies);
  const cachedPages = versionedAsync(bodies);

  router.get(
    "/api/nfts",
    route({ query: explorerQuery }, async ({ query }, _req, res: Response<AvailablePage>) => {
      const state = await market.state();
      const asked = toNftQuery(query);
      // By the query as asked (a page past the last is a key of its own): a page already built
      // costs no filtering, sorting or JSON until the market changes.
      const body = await cachedPages(state, `nfts?${nftQueryParams(asked)}`, async () => {
        const found = await explorer.page(state, asked);
        return jsonBody<AvailablePage>({
          nfts: found.ids.map((id) => toNft(state, id)).filter((nft): nft is Nft => nft !== undefined),
          pagination: { page: found.page, limit: asked.limit, total: found.total, totalPages: found.totalPages },
        });
      });
      sendJson(res, body, "no-cache");
    }),
  );

  router.get(
    "/api/nfts/facets",
    route({ query: explorerQuery }, async ({ query }, _req, res: Response<NftFacets>) => {
      const state = await market.state();
      const { filters } = toNftQuery(query);
      const body = cached(state, `facets?${nftQueryParams({ filters })}`, () => jsonBody<NftFacets>(explorer.facets(state, filters)));
      sendJson(res, body, "no-cache");
    }),
  );
  return router;
}
