import { Router, type Response } from "express";
import { z } from "zod";
import { COLLECTION } from "@pixlings/shared/collection";
import { CUSTOM_DESCRIPTION_MAX, CUSTOM_NAME_MAX } from "@pixlings/shared/http/owners";
import type { AdminNft, AdminNftList, CreateNftRequest, UpdateNftRequest } from "@pixlings/shared/http/admin";
import { TIER_NAMES, type TierName } from "@pixlings/shared/tiers";
import type { ApiConfig } from "../config/readConfig.ts";
import type { Db } from "../db/openDatabase.ts";
import { adminOnly, userOf } from "../auth/roles.ts";
import { notFound } from "../http/HttpError.ts";
import { requestBody } from "../http/requestBody.ts";
import { route } from "../http/route.ts";
import { positiveIntString, rowIdNumber, tokenIdString } from "../http/schemas.ts";
import type { Market } from "../market/market.ts";
import type { Nft } from "@pixlings/shared/http/nfts";
import { toNft } from "../nfts/toNft.ts";
import { storyText } from "../owners/storyText.ts";
import { liveReplacements } from "./liveReplacements.ts";
import { toAdminNft, updateNft } from "./updateNft.ts";

const nftFields = {
  customName: storyText("customName", CUSTOM_NAME_MAX, { lineBreaks: false }).optional(),
  customDescription: storyText("customDescription", CUSTOM_DESCRIPTION_MAX, { lineBreaks: true }).optional(),
  artistId: rowIdNumber("artistId").nullable().optional(),
  rarity: z.enum(TIER_NAMES as [TierName, ...TierName[]]).optional(),
  mintPrice: z.string().max(40).optional(),
  isArtistPiece: z.boolean().optional(),
  imageUrl: z.string().max(500).optional(),
};
const UpdateBody = requestBody<UpdateNftRequest>()(z.object(nftFields));
const CreateBody = requestBody<CreateNftRequest>()(
  z.object({
    ...nftFields,
    tokenId: z.number().int().min(COLLECTION.firstTokenId).max(COLLECTION.totalSupply, `must be ${COLLECTION.firstTokenId}..${COLLECTION.totalSupply}`),
  }),
);

const ADMIN_NFT_LIMIT = 10_000;

const listQuery = z.object({
  // The spec's admin page asks for 10000 (more than the supply): every Pix on one page.
  limit: positiveIntString("limit", ADMIN_NFT_LIMIT).optional(),
  page: positiveIntString("page").optional(),
});

/**
 * The admin's NFT tab (role: admin): `GET /api/admin/nfts?limit=10000&page=1`, one
 * `GET /api/admin/nfts/{tokenId}` (/admin-simple?edit=), and the off-chain
 * edits `PATCH /api/admin/nfts/{tokenId}` and `POST /api/admin/nfts` (tokenId in the body).
 */
export function adminNftsRouter({ db, config, market }: { db: Db; config: ApiConfig; market: Market }): Router {
  const router = Router();
  const admins = adminOnly({ db, config });

  router.get(
    "/api/admin/nfts",
    admins,
    route({ query: listQuery }, async ({ query }, _req, res: Response<AdminNftList>) => {
      const state = await market.state();
      const live = await liveReplacements(db);
      const limit = query.limit ?? ADMIN_NFT_LIMIT;
      const ids = [...state.catalogue.keys()].sort((a, b) => a - b);
      const page = ids.slice(((query.page ?? 1) - 1) * limit, (query.page ?? 1) * limit);
      const nfts = page
        .map((tokenId) => toNft(state, tokenId))
        .filter((nft): nft is Nft => nft !== undefined)
        .map((nft) => toAdminNft(nft, live.get(nft.tokenId) ?? null));
      res.set("Cache-Control", "no-store").json({ nfts, total: ids.length });
    }),
  );

  router.get(
    "/api/admin/nfts/:tokenId",
    admins,
    route({ params: z.object({ tokenId: tokenIdString }) }, async ({ params }, _req, res: Response<AdminNft>) => {
      const nft = toNft(await market.state(), params.tokenId);
      if (!nft) throw notFound(`No NFT found with token ID ${params.tokenId}`);
      const live = await liveReplacements(db, params.tokenId);
      res.set("Cache-Control", "no-store").json(toAdminNft(nft, live.get(params.tokenId) ?? null));
    }),
  );

  router.patch(
    "/api/admin/nfts/:tokenId",
    admins,
    route({ params: z.object({ tokenId: tokenIdString }), body: UpdateBody }, async ({ params, body }, _req, res: Response<AdminNft>) => {
      res.json(await updateNft(db, market, userOf(res), params.tokenId, body));
    }),
  );

  router.post(
    "/api/admin/nfts",
    admins,
    route({ body: CreateBody }, async ({ body: { tokenId, ...fields } }, _req, res: Response<AdminNft>) => {
      res.json(await updateNft(db, market, userOf(res), tokenId, fields));
    }),
  );

  return router;
}
