import { Router } from "express";
import { route } from "../http/route.ts";
import { sendJson } from "./jsonBodies.ts";
import { explorerQuery, type NftReads } from "./nftReads.ts";

/**
 * `GET /api/nfts` (a page of the Pix matching the filters, in the order asked) and
 * `GET /api/nfts/facets` (every filter value's count), from the market view: bodies built once per
 * market version and query, with their ETag (nftReads.ts).
 */
export function explorerRouter({ reads }: { reads: NftReads }): Router {
  const router = Router();
  router.get(
    "/api/nfts",
    route({ query: explorerQuery }, async ({ query }, _req, res) => {
      sendJson(res, await reads.explore(query), "no-cache");
    }),
  );
  router.get(
    "/api/nfts/facets",
    route({ query: explorerQuery }, async ({ query }, _req, res) => {
      sendJson(res, await reads.facets(query), "no-cache");
    }),
  );
  return router;
}
