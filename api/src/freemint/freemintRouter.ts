import { Router, type NextFunction, type Request, type Response } from "express";
import { z } from "zod";
import { COLLECTION } from "@pixlings/shared/collection";
import { FREEMINT_CODE_PREFIX, normalizeFreemintCode } from "@pixlings/shared/freemintCode";
import type { CardOrderView, CheckFreemintCardRequest, FreemintCardCheck, RedeemFreemintRequest } from "@pixlings/shared/http/checkout";
import { signedInOnly, userOf } from "../auth/roles.ts";
import type { ApiConfig } from "../config/readConfig.ts";
import type { Db } from "../db/openDatabase.ts";
import { HttpError } from "../http/HttpError.ts";
import { clientOf, hitRateLimit, limitByClient } from "../http/rateLimit.ts";
import { requestBody } from "../http/requestBody.ts";
import { route } from "../http/route.ts";
import { tokenIdList } from "../http/schemas.ts";
import type { IndexerReader } from "../indexer/indexerReader.ts";
import type { SaleEvents } from "../sale/saleEvents.ts";
import { checkFreemintCard } from "./checkFreemintCard.ts";
import { failedGuessesRule, underFailedGuessLimit } from "./failedGuesses.ts";
import { redeemFreemint } from "./redeemFreemint.ts";
import { scrubCode } from "./scrubCode.ts";

/** Code lookups and redemptions per signed-in user, and per client, whatever the answer. */
const GUESSES_PER_USER = { name: "freemint-user", limit: 10, windowMs: 10 * 60_000 };
const GUESSES_PER_CLIENT = { name: "freemint-client", limit: 30, windowMs: 10 * 60_000 };

const code = z
  .string({ error: "must be a freemint code" })
  .max(200, "is too long")
  .transform((typed, ctx): string => {
    const normalized = normalizeFreemintCode(typed);
    if (normalized === undefined) ctx.addIssue({ code: "custom", message: `must look like ${FREEMINT_CODE_PREFIX}XXXX-XXXX-XXXX-XXXX` });
    return normalized ?? "";
  });
const CheckBody = requestBody<CheckFreemintCardRequest>()(z.object({ code }));
const RedeemBody = requestBody<RedeemFreemintRequest>()(z.object({ code, tokenIds: tokenIdList(COLLECTION.maxPerWallet) }));

export interface FreemintRouterDeps {
  config: ApiConfig;
  db: Db;
  indexer: IndexerReader;
  /** A redemption announces its hold and its custody mint (the market and the worker listen). */
  events: SaleEvents;
}

/** The body's code as sent and as normalized: what an error of ours must not carry into a log. */
function codesOf(req: Request): string[] {
  const sent = (req.body as { code?: unknown } | undefined)?.code;
  if (typeof sent !== "string") return [];
  return [sent.trim(), normalizeFreemintCode(sent) ?? ""];
}

/**
 * A signed-in user's freemint cards: `POST /api/freemint/check` (what a code grants now) and
 * `POST /api/freemint/redeem` (Common Pix up to its free slots, minted like card orders). The code
 * travels in the body only, never in a URL, and no log line names it. Both count against the
 * guessing limits whatever the answer (per client, per user), and an unknown code against the
 * site-wide limit on failed guesses (`FREEMINT_FAILED_GUESSES_PER_HOUR`).
 */
export function freemintRouter({ config, db, indexer, events }: FreemintRouterDeps): Router {
  const router = Router();
  const signedIn = signedInOnly({ db, config });
  const perClient = limitByClient(db, GUESSES_PER_CLIENT);
  const perUser = async (_req: Request, res: Response, next: () => void): Promise<void> => {
    await hitRateLimit(db, GUESSES_PER_USER, String(userOf(res).id));
    next();
  };
  const failedGuesses = failedGuessesRule(config.freemintFailedGuessesPerHour);
  const custodyOn = (): void => {
    if (!config.custody) throw new HttpError(503, "Freemint cards cannot be redeemed on this site right now");
  };
  /** Our failures pass on without the code (the error handler logs what it gets). */
  const scrubbed =
    (handler: ReturnType<typeof route>) =>
    async (req: Request, res: Response, next: NextFunction): Promise<void> => {
      try {
        await handler(req, res, next);
      } catch (error) {
        throw scrubCode(error, codesOf(req));
      }
    };

  router.post(
    "/api/freemint/check",
    perClient,
    signedIn,
    perUser,
    scrubbed(
      route({ body: CheckBody }, async ({ body }, _req, res: Response<FreemintCardCheck>) => {
        custodyOn();
        const { card, freeSlots } = await underFailedGuessLimit(db, failedGuesses, () => checkFreemintCard(db, body.code));
        res.set("Cache-Control", "no-store").json({ code: card.code, cardType: card.cardType, freeSlots, expiresAt: card.expiresAt?.toISOString() ?? null });
      }),
    ),
  );
  router.post(
    "/api/freemint/redeem",
    perClient,
    signedIn,
    perUser,
    scrubbed(
      route({ body: RedeemBody }, async ({ body }, req, res: Response<CardOrderView>) => {
        custodyOn();
        const order = await underFailedGuessLimit(db, failedGuesses, () =>
          redeemFreemint(
            { db, indexer, sale: config.sale, events },
            { userId: userOf(res).id, clientKey: clientOf(req), code: body.code, tokenIds: body.tokenIds },
          ),
        );
        res.status(201).set("Cache-Control", "no-store").json(order);
      }),
    ),
  );
  return router;
}
