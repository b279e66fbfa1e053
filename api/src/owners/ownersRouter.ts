import { Router, type Request, type Response } from "express";
import { z } from "zod";
import type { Nft } from "@pixlings/shared/http/nfts";
import type { ChainHistory, OwnerPixlings } from "@pixlings/shared/http/owners";
import { getSessionUser } from "../auth/getSessionUser.ts";
import { readSessionCookie } from "../auth/sessionCookie.ts";
import { requireUser } from "../auth/requireUser.ts";
import type { ApiConfig } from "../config/readConfig.ts";
import type { Db } from "../db/openDatabase.ts";
import { HttpError, notFound } from "../http/HttpError.ts";
import { route } from "../http/route.ts";
import { addressString, tokenIdString } from "../http/schemas.ts";
import type { Market, MarketState } from "../market/market.ts";
import { pricesOfNetwork } from "../market/primaryPrices.ts";
import { toNft } from "../nfts/toNft.ts";

const ownedBy = (state: MarketState, address: string): Nft[] =>
  (state.minted.byOwner.get(address.toLowerCase()) ?? [])
    .filter((token) => state.minted.byToken.get(token.tokenId) === token)
    .map((token) => toNft(state, token.tokenId))
    .filter((nft): nft is Nft => nft !== undefined)
    .sort((a, b) => a.tokenId - b.tokenId);

/**
 * What wallets own (public, from the chains): `GET /api/owner/wallet/{address}`,
 * `GET /api/owner/pixlings` (the session's wallet), `GET /api/owner/pixlings/{id}?walletAddress=`,
 * and `GET /api/wallet/chain-history?address=` (the chain a wallet uses most).
 */
export function ownersRouter({ market, db, config }: { market: Market; db: Db; config: ApiConfig }): Router {
  const router = Router();
  const sessionWallet = async (req: Request): Promise<string | null> =>
    (await getSessionUser(db, { cookieValue: readSessionCookie(req), secret: config.sessionSecret }))?.walletAddress ?? null;

  router.get(
    "/api/owner/wallet/:address",
    route({ params: z.object({ address: addressString }) }, async ({ params }, _req, res: Response<Nft[]>) => {
      res.set("Cache-Control", "no-store").json(ownedBy(await market.state(), params.address));
    }),
  );

  router.get(
    "/api/owner/pixlings",
    route({}, async (_input, req, res: Response<OwnerPixlings>) => {
      const user = await requireUser(req, db, config);
      const walletOwned = user.walletAddress ? ownedBy(await market.state(), user.walletAddress) : [];
      res.set("Cache-Control", "no-store").json({ cardPurchases: [], walletOwned });
    }),
  );

  router.get(
    "/api/owner/pixlings/:tokenId",
    route(
      { params: z.object({ tokenId: tokenIdString }), query: z.object({ walletAddress: addressString.optional() }) },
      async ({ params, query }, req, res: Response<Nft>) => {
        const owners = [await sessionWallet(req), query.walletAddress ?? null].filter((a): a is string => a !== null);
        if (owners.length === 0) throw new HttpError(401, "Sign in or name the walletAddress that owns this Pix");
        const nft = toNft(await market.state(), params.tokenId);
        const mine = nft?.walletOwner && owners.some((owner) => owner.toLowerCase() === nft.walletOwner!.toLowerCase());
        if (!nft || !mine) throw notFound("This Pix doesn't exist or is not yours");
        res.set("Cache-Control", "no-store").json(nft);
      },
    ),
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
