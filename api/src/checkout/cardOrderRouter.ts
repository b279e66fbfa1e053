import { Router, type Response } from "express";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { CardConfig, CardOrderView } from "@pixlings/shared/http/checkout";
import { TIER_NAMES, tierKey, type TierKey } from "@pixlings/shared/tiers";
import { signedInOnly, userOf } from "../auth/roles.ts";
import type { ApiConfig } from "../config/readConfig.ts";
import type { Db } from "../db/openDatabase.ts";
import { cardOrders } from "../db/schema.ts";
import { notFound } from "../http/HttpError.ts";
import { route } from "../http/route.ts";
import { CARD_PRICE_CENTS } from "./cardPrices.ts";
import { toCardOrderView } from "./toCardOrderView.ts";

const PRICES = Object.fromEntries(TIER_NAMES.map((tier) => [tierKey(tier), CARD_PRICE_CENTS[tier]])) as Record<TierKey, number>;
const orderId = z.string().uuid("must be an order id");
const paymentIntentId = z.string().regex(/^pi_[A-Za-z0-9]{1,100}$/, "must be a PaymentIntent id (pi_...)");

/** Whether the mint page and the cart offer a card: payments configured, custody sales on, a key for the page. */
function cardConfigOf(config: Pick<ApiConfig, "card" | "custody">): CardConfig {
  const publishableKey = config.card?.publishableKey ?? null;
  return {
    enabled: config.card !== undefined && config.custody !== undefined && publishableKey !== null,
    publishableKey,
    standInUrl: config.card?.apiUrl ?? null,
    prices: PRICES,
  };
}

/**
 * `GET /api/card/config` (anyone), and a buyer's own orders (signed in; anyone else's is 404, as if
 * it did not exist): `GET /api/card-orders/{orderId}`, `GET /api/card-orders/by-payment/{paymentIntentId}`.
 */
export function cardOrderRouter({ config, db }: { config: ApiConfig; db: Db }): Router {
  const router = Router();
  const signedIn = signedInOnly({ db, config });
  const card = cardConfigOf(config);
  const answer = async (res: Response<CardOrderView>, where: ReturnType<typeof eq>): Promise<void> => {
    const [order] = await db
      .select()
      .from(cardOrders)
      .where(and(where, eq(cardOrders.userId, userOf(res).id)));
    if (!order) throw notFound("No such order of yours");
    res.set("Cache-Control", "no-store").json(toCardOrderView(order));
  };

  router.get("/api/card/config", (_req, res: Response<CardConfig>) => {
    res.set("Cache-Control", "no-store").json(card);
  });
  router.get(
    "/api/card-orders/by-payment/:paymentIntentId",
    signedIn,
    route({ params: z.object({ paymentIntentId }) }, async ({ params }, _req, res: Response<CardOrderView>) => {
      await answer(res, eq(cardOrders.paymentIntentId, params.paymentIntentId));
    }),
  );
  router.get(
    "/api/card-orders/:orderId",
    signedIn,
    route({ params: z.object({ orderId }) }, async ({ params }, _req, res: Response<CardOrderView>) => {
      await answer(res, eq(cardOrders.id, params.orderId));
    }),
  );
  return router;
}
