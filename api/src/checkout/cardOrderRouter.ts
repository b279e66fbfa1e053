import { Router, type Response } from "express";
import type Stripe from "stripe";
import { z } from "zod";
import type { CardConfig, CardOrderPayment, CardOrderView, CardReceipt } from "@pixlings/shared/http/checkout";
import { TIER_NAMES, tierKey, type TierKey } from "@pixlings/shared/tiers";
import { signedInOnly, userOf } from "../auth/roles.ts";
import type { ApiConfig } from "../config/readConfig.ts";
import type { Db } from "../db/openDatabase.ts";
import { type CardOrderRow, ownCardOrder } from "../sale/cardOrderRows.ts";
import { CodedError, notFound } from "../http/HttpError.ts";
import { route } from "../http/route.ts";
import { orderIdString } from "../http/schemas.ts";
import { CARD_PRICE_CENTS } from "./cardPrices.ts";
import { orderPayment } from "../sale/orderPayment.ts";
import { orderReceipt } from "../sale/orderReceipt.ts";
import { toCardOrderView } from "../sale/toCardOrderView.ts";

const PRICES = Object.fromEntries(TIER_NAMES.map((tier) => [tierKey(tier), CARD_PRICE_CENTS[tier]])) as Record<TierKey, number>;
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
 * it did not exist): `GET /api/card-orders/{orderId}`, `GET /api/card-orders/by-payment/{paymentIntentId}`,
 * and what only the buyer may read of one: `GET /api/card-orders/{orderId}/payment` (the client
 * secret for the card form) and `GET /api/card-orders/{orderId}/receipt`.
 */
export function cardOrderRouter({ config, db, stripe }: { config: ApiConfig; db: Db; stripe: Stripe | undefined }): Router {
  const router = Router();
  const signedIn = signedInOnly({ db, config });
  const card = cardConfigOf(config);
  const ownOrder = async (res: Response, by: Parameters<typeof ownCardOrder>[2]): Promise<CardOrderRow> => {
    const order = await ownCardOrder(db, userOf(res).id, by);
    if (!order) throw notFound("No such order of yours");
    return order;
  };
  const answer = async (res: Response<CardOrderView>, by: Parameters<typeof ownCardOrder>[2]): Promise<void> => {
    res.set("Cache-Control", "no-store").json(toCardOrderView(await ownOrder(res, by)));
  };
  const withStripe = (): Stripe => {
    if (!stripe) throw new CodedError("Card payments are not available on this site", { code: "card_payments_off" });
    return stripe;
  };

  router.get("/api/card/config", (_req, res: Response<CardConfig>) => {
    res.set("Cache-Control", "no-store").json(card);
  });
  router.get(
    "/api/card-orders/by-payment/:paymentIntentId",
    signedIn,
    route({ params: z.object({ paymentIntentId }) }, async ({ params }, _req, res: Response<CardOrderView>) => {
      await answer(res, { paymentIntentId: params.paymentIntentId });
    }),
  );
  router.get(
    "/api/card-orders/:orderId/payment",
    signedIn,
    route({ params: z.object({ orderId: orderIdString }) }, async ({ params }, _req, res: Response<CardOrderPayment>) => {
      const order = await ownOrder(res, { orderId: params.orderId });
      res.set("Cache-Control", "no-store").json(await orderPayment(db, withStripe(), order));
    }),
  );
  router.get(
    "/api/card-orders/:orderId/receipt",
    signedIn,
    route({ params: z.object({ orderId: orderIdString }) }, async ({ params }, _req, res: Response<CardReceipt>) => {
      const order = await ownOrder(res, { orderId: params.orderId });
      res.set("Cache-Control", "no-store").json(await orderReceipt(withStripe(), order));
    }),
  );
  router.get(
    "/api/card-orders/:orderId",
    signedIn,
    route({ params: z.object({ orderId: orderIdString }) }, async ({ params }, _req, res: Response<CardOrderView>) => {
      await answer(res, { orderId: params.orderId });
    }),
  );
  return router;
}
