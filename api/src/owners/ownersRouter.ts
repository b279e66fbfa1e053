import { Router, type Request, type Response } from "express";
import { z } from "zod";
import type { Nft } from "@pixlings/shared/http/nfts";
import {
  type CardPix,
  CUSTOM_DESCRIPTION_MAX,
  CUSTOM_NAME_MAX,
  type ChainHistory,
  type OwnerPixlings,
  type UpdatePixStoryRequest,
} from "@pixlings/shared/http/owners";
import { getSessionUser } from "../auth/getSessionUser.ts";
import { readSessionCookie } from "../auth/sessionCookie.ts";
import { signedInOnly, userOf } from "../auth/roles.ts";
import type { ApiConfig } from "../config/readConfig.ts";
import type { Db } from "../db/openDatabase.ts";
import { HttpError, notFound } from "../http/HttpError.ts";
import { requestBody } from "../http/requestBody.ts";
import { route } from "../http/route.ts";
import { walletsOf } from "../users/sessionUser.ts";
import { storyText } from "./storyText.ts";
import { updatePixStory } from "./updatePixStory.ts";
import { addressString, tokenIdString } from "../http/schemas.ts";
import type { Market, MarketState } from "../market/market.ts";
import { pricesOfNetwork } from "../market/primaryPrices.ts";
import { cardBuyerOf, toNft } from "../nfts/toNft.ts";
import { custodyStatusOf } from "../sale/custodyStatus.ts";

const ownedBy = (state: MarketState, address: string): Nft[] =>
  (state.minted.byOwner.get(address.toLowerCase()) ?? [])
    .filter((token) => state.minted.byToken.get(token.tokenId) === token)
    .map((token) => toNft(state, token.tokenId))
    .filter((nft): nft is Nft => nft !== undefined)
    .sort((a, b) => a.tokenId - b.tokenId);

/** The user's card and freemint Pix that custody holds for them, with what Mint to Wallet waits for (sale/custodyStatus.ts). */
async function cardPixOf(state: MarketState, userId: number, db: Db, holdSeconds: number): Promise<CardPix[]> {
  const nfts = [...state.cardBuyers]
    .filter(([tokenId, buyer]) => buyer.userId === userId && cardBuyerOf(state, tokenId) !== undefined)
    .map(([tokenId]) => toNft(state, tokenId))
    .filter((nft): nft is Nft => nft !== undefined)
    .sort((a, b) => a.tokenId - b.tokenId);
  const statuses = await custodyStatusOf(
    db,
    nfts.map((nft) => nft.tokenId),
    holdSeconds,
  );
  return nfts.map((nft) => {
    const status = statuses.get(nft.tokenId);
    return { ...nft, source: status?.source ?? "card", transferableFrom: status?.transferableFrom?.toISOString() ?? null, frozen: status?.frozen ?? null };
  });
}

const ownedByAll = (state: MarketState, wallets: readonly string[]): Nft[] =>
  wallets.flatMap((wallet) => ownedBy(state, wallet)).sort((a, b) => a.tokenId - b.tokenId);

const StoryBody = requestBody<UpdatePixStoryRequest>()(
  z.object({
    customName: storyText("customName", CUSTOM_NAME_MAX, { lineBreaks: false }).optional(),
    customDescription: storyText("customDescription", CUSTOM_DESCRIPTION_MAX, { lineBreaks: true }).optional(),
    walletAddress: addressString
      .transform((address): string => address)
      .nullable()
      .optional(),
  }),
);

/**
 * What wallets own, from the chains: `GET /api/owner/wallet/{address}` (role: anyone),
 * `GET /api/owner/pixlings` (user: the session's and linked wallets), `GET
 * /api/owner/pixlings/{id}?walletAddress=` (anyone naming the owner, or its user),
 * `PATCH /api/owner/pixlings/{id}` (user who owns it: name and story), and
 * `GET /api/wallet/chain-history?address=` (anyone: the chain a wallet uses most).
 */
export function ownersRouter({ market, db, config }: { market: Market; db: Db; config: ApiConfig }): Router {
  const router = Router();
  const sessionUser = (req: Request) => getSessionUser(db, { cookieValue: readSessionCookie(req), secret: config.sessionSecret });

  router.get(
    "/api/owner/wallet/:address",
    route({ params: z.object({ address: addressString }) }, async ({ params }, _req, res: Response<Nft[]>) => {
      res.set("Cache-Control", "no-store").json(ownedBy(await market.state(), params.address));
    }),
  );

  router.get(
    "/api/owner/pixlings",
    signedInOnly({ db, config }),
    route({}, async (_input, _req, res: Response<OwnerPixlings>) => {
      const state = await market.state();
      const user = userOf(res);
      const cardPurchases = await cardPixOf(state, user.id, db, config.cardTransferHoldSeconds);
      res.set("Cache-Control", "no-store").json({ cardPurchases, walletOwned: ownedByAll(state, walletsOf(user)) });
    }),
  );

  router.get(
    "/api/owner/pixlings/:tokenId",
    route(
      { params: z.object({ tokenId: tokenIdString }), query: z.object({ walletAddress: addressString.optional() }) },
      async ({ params, query }, req, res: Response<Nft>) => {
        const user = await sessionUser(req);
        const owners = [...(user ? walletsOf(user) : []), ...(query.walletAddress ? [query.walletAddress] : [])];
        if (!user && owners.length === 0) throw new HttpError(401, "Sign in or name the walletAddress that owns this Pix");
        const state = await market.state();
        const nft = toNft(state, params.tokenId);
        const cardPix = user !== undefined && cardBuyerOf(state, params.tokenId)?.userId === user.id;
        const mine = cardPix || (nft?.walletOwner && owners.some((owner) => owner.toLowerCase() === nft.walletOwner!.toLowerCase()));
        if (!nft || !mine) throw notFound("This Pix doesn't exist or is not yours");
        res.set("Cache-Control", "no-store").json(nft);
      },
    ),
  );

  router.patch(
    "/api/owner/pixlings/:tokenId",
    signedInOnly({ db, config }),
    route({ params: z.object({ tokenId: tokenIdString }), body: StoryBody }, async ({ params, body }, _req, res: Response<Nft>) => {
      const user = userOf(res);
      const named = body.walletAddress;
      if (named && !walletsOf(user).some((wallet) => wallet.toLowerCase() === named.toLowerCase())) {
        throw new HttpError(403, `${named} is not a wallet of this account: sign in with it or link it first`);
      }
      const nft = await updatePixStory(db, market, {
        tokenId: params.tokenId,
        user,
        customName: body.customName,
        customDescription: body.customDescription,
      });
      res.set("Cache-Control", "no-store").json(nft);
    }),
  );

  router.get(
    "/api/wallet/chain-history",
    route({ query: z.object({ address: addressString }) }, async ({ query }, _req, res: Response<ChainHistory>) => {
      const state = await market.state();
      const counts = new Map<number, number>();
      for (const token of state.minted.byOwner.get(query.address.toLowerCase()) ?? []) counts.set(token.chainId, (counts.get(token.chainId) ?? 0) + 1);
      const holdings = [...counts].map(([chainId, count]) => ({ chainId, count })).sort((a, b) => b.count - a.count || a.chainId - b.chainId);
      const primary = pricesOfNetwork(state.prices, "ethereum")?.chainId ?? state.prices[0]?.chainId ?? null;
      res.set("Cache-Control", "no-store").json({ preferredChain: holdings[0]?.chainId ?? primary, holdings });
    }),
  );
  return router;
}
