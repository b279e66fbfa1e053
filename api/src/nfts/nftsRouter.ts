import { Router, type Response } from "express";
import { z } from "zod";
import type { Nft } from "@pixlings/shared/http/nfts";
import { notFound } from "../http/HttpError.ts";
import { route } from "../http/route.ts";
import { positiveIntString, tokenIdString } from "../http/schemas.ts";
import type { IndexerReader } from "../indexer/indexerReader.ts";
import type { Market } from "../market/market.ts";
import type { BoundedCache } from "../cache/boundedCache.ts";
import { explorerRouter } from "./explorerRouter.ts";
import { sendJson, type JsonBody } from "./jsonBodies.ts";
import { createNftReads, pageQuery, type NftReads } from "./nftReads.ts";

/**
 * The catalogue as buyers see it: `GET /api/nfts/available` (paged, `filter=artist` or `filter=common`,
 * `artist={id}` for one artist's pieces, `sold=include` to list sold Pix too: the trait explorer's
 * filters under their first names), `/api/nfts/featured`, `/api/nfts/artist`, `/api/nfts/token/{id}`,
 * `/api/nfts/by-artist/{id}`, and the trait explorer (`explorerRouter.ts`); the answers are
 * `reads`' (nftReads.ts), which the hot reads share (hotNftReads.ts).
 */
export function nftsRouter({
  market,
  indexer,
  bodies,
  reads = createNftReads({ market, indexer, bodies }),
}: {
  market: Market;
  indexer: Pick<IndexerReader, "mintTimes">;
  bodies?: BoundedCache<JsonBody>;
  reads?: NftReads;
}): Router {
  const router = Router();

  router.get(
    "/api/nfts/available",
    route({ query: pageQuery }, async ({ query }, _req, res) => {
      sendJson(res, await reads.available(query), "no-cache");
    }),
  );

  router.get(
    "/api/nfts/featured",
    route({}, async (_input, _req, res) => {
      sendJson(res, await reads.featured(), "no-cache");
    }),
  );

  router.get(
    "/api/nfts/artist",
    route({}, async (_input, _req, res) => {
      sendJson(res, await reads.artistPieces(), "no-cache");
    }),
  );

  router.get(
    "/api/nfts/token/:tokenId",
    route({ params: z.object({ tokenId: tokenIdString }) }, async ({ params }, _req, res: Response<Nft>) => {
      const nft = await reads.token(params.tokenId);
      if (!nft) throw notFound(`No NFT found with token ID ${params.tokenId}`);
      res.set("Cache-Control", "no-cache").json(nft);
    }),
  );

  router.get(
    "/api/nfts/by-artist/:artistId",
    route({ params: z.object({ artistId: positiveIntString("artistId") }) }, async ({ params }, _req, res) => {
      const body = await reads.byArtist(params.artistId);
      if (!body) throw notFound(`No artist ${params.artistId}`);
      sendJson(res, body, "no-cache");
    }),
  );
  router.use(explorerRouter({ reads }));
  return router;
}
