import { Router, type Request, type Response } from "express";
import { z } from "zod";
import { COLLECTION } from "@pixlings/shared/collection";
import { FREEMINT_CODE_PATTERN, type CardOrderView, type FreemintCardCheck, type RedeemFreemintRequest } from "@pixlings/shared/http/checkout";
import { signedInOnly, userOf } from "../auth/roles.ts";
import type { ApiConfig } from "../config/readConfig.ts";
import type { Db } from "../db/openDatabase.ts";
import { HttpError } from "../http/HttpError.ts";
import { clientOf, hitRateLimit, limitByClient } from "../http/rateLimit.ts";
import { requestBody } from "../http/requestBody.ts";
import { route } from "../http/route.ts";
import { tokenIdList } from "../http/schemas.ts";
import type { IndexerReader } from "../indexer/indexerReader.ts";
import type { Market } from "../market/market.ts";
import { checkFreemintCard } from "./checkFreemintCard.ts";
import { normalizeFreemintCode } from "./freemintCode.ts";
import { redeemFreemint } from "./redeemFreemint.ts";

/** Code lookups and redemptions per signed-in user, and per client: guessing 31^8 codes at this pace goes nowhere. */
const GUESSES_PER_USER = { name: "freemint-user", limit: 10, windowMs: 10 * 60_000 };
const GUESSES_PER_CLIENT = { name: "freemint-client", limit: 30, windowMs: 10 * 60_000 };

const code = z
  .string({ error: "must be a freemint code" })
  .transform(normalizeFreemintCode)
  .refine((c) => FREEMINT_CODE_PATTERN.test(c), `must look like ${COLLECTION.slug.toUpperCase()}-XXXXXXXX`);
const RedeemBody = requestBody<RedeemFreemintRequest>()(
  z.object({
    code,
    tokenIds: tokenIdList(COLLECTION.maxPerWallet),
  }),
);

export interface FreemintRouterDeps {
  config: ApiConfig;
  db: Db;
  indexer: IndexerReader;
  market: Market;
  /** After a redemption: the worker mints it. */
  onRedeemed(): void;
}

/**
 * A signed-in user's freemint cards: `GET /api/freemint/cards/{code}` (what it grants now) and
 * `POST /api/freemint/redeem` (Common Pix up to its free slots, minted like card orders). Both
 * count against the guessing limits, whatever the answer.
 */
export function freemintRouter({ config, db, indexer, market, onRedeemed }: FreemintRouterDeps): Router {
  const router = Router();
  const signedIn = signedInOnly({ db, config });
  const perClient = limitByClient(db, GUESSES_PER_CLIENT);
  const perUser = async (_req: Request, res: Response, next: () => void): Promise<void> => {
    await hitRateLimit(db, GUESSES_PER_USER, String(userOf(res).id));
    next();
  };
  const custodyOn = (): void => {
    if (!config.custody) throw new HttpError(503, "Freemint cards cannot be redeemed on this site right now");
  };

  router.get(
    "/api/freemint/cards/:code",
    perClient,
    signedIn,
    perUser,
    route({ params: z.object({ code }) }, async ({ params }, _req, res: Response<FreemintCardCheck>) => {
      custodyOn();
      const { card, freeSlots } = await checkFreemintCard(db, params.code);
      res.set("Cache-Control", "no-store").json({ code: card.code, cardType: card.cardType, freeSlots, expiresAt: card.expiresAt?.toISOString() ?? null });
    }),
  );
  router.post(
    "/api/freemint/redeem",
    perClient,
    signedIn,
    perUser,
    route({ body: RedeemBody }, async ({ body }, req, res: Response<CardOrderView>) => {
      custodyOn();
      try {
        const order = await redeemFreemint(
          { db, indexer, sale: config.sale },
          { userId: userOf(res).id, clientKey: clientOf(req), code: body.code, tokenIds: body.tokenIds },
        );
        onRedeemed();
        res.status(201).set("Cache-Control", "no-store").json(order);
      } finally {
        market.invalidateReservations();
      }
    }),
  );
  return router;
}
