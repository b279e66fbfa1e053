import { Router, type Response } from "express";
import type Stripe from "stripe";
import { z } from "zod";
import { COLLECTION } from "@pixlings/shared/collection";
import type { CartCheckoutRequest, CheckoutResponse, CreatePaymentIntentRequest } from "@pixlings/shared/http/checkout";
import { signedInOnly } from "../auth/roles.ts";
import type { ApiConfig, CardConfig } from "../config/readConfig.ts";
import type { Db } from "../db/openDatabase.ts";
import { CodedError } from "../http/HttpError.ts";
import { clientOf, limitByClient } from "../http/rateLimit.ts";
import { requestBody } from "../http/requestBody.ts";
import { route } from "../http/route.ts";
import { tokenIdList, tokenIdNumber } from "../http/schemas.ts";
import type { IndexerReader } from "../indexer/indexerReader.ts";
import type { SaleEvents } from "../sale/saleEvents.ts";
import type { SessionUser } from "../users/sessionUser.ts";
import { placeCardOrder } from "./placeCardOrder.ts";

const { maxPerWallet } = COLLECTION;
const cents = z.number({ error: "must be an amount in USD cents" }).int("must be whole USD cents").nonnegative("must be whole USD cents");

const PaymentIntentBody = requestBody<CreatePaymentIntentRequest>()(z.object({ tokenId: tokenIdNumber, amount: cents }));
const CartCheckoutBody = requestBody<CartCheckoutRequest>()(
  z.object({
    tokenIds: tokenIdList(maxPerWallet),
    paymentMethod: z.literal("card", { error: 'must be "card"' }),
    totalAmount: cents,
  }),
);

export interface CheckoutRouterDeps {
  config: ApiConfig;
  db: Db;
  indexer: IndexerReader;
  events: SaleEvents;
  /** Undefined when card payments are not configured: the routes answer 503 "card_payments_off". */
  stripe: Stripe | undefined;
}

/** Card checkout: `POST /api/create-payment-intent` (one Pix) and `POST /api/cart/checkout` (a cart), signed-in buyers only. */
export function checkoutRouter({ config, db, indexer, events, stripe }: CheckoutRouterDeps): Router {
  const router = Router();
  const perClient = limitByClient(db, { name: "checkout-client", limit: config.sale.ipPerMinute, windowMs: 60_000 });
  const signedIn = signedInOnly({ db, config });

  const place = async (res: Response<CheckoutResponse>, clientKey: string, tokenIds: number[], clientTotalCents: number): Promise<void> => {
    const card: CardConfig | undefined = config.card;
    if (!card || !stripe || !config.custody) throw new CodedError("Card payments are not available on this site", { code: "card_payments_off" });
    const user = res.locals.user as SessionUser;
    const answer = await placeCardOrder(
      { db, indexer, sale: config.sale, card, stripe, events },
      { userId: user.id, clientKey, tokenIds, clientTotalCents, receiptEmail: user.email },
    );
    res.set("Cache-Control", "no-store").json(answer);
  };

  router.post(
    "/api/create-payment-intent",
    perClient,
    signedIn,
    route({ body: PaymentIntentBody }, async ({ body }, req, res: Response<CheckoutResponse>) => {
      await place(res, clientOf(req), [body.tokenId], body.amount);
    }),
  );
  router.post(
    "/api/cart/checkout",
    perClient,
    signedIn,
    route({ body: CartCheckoutBody }, async ({ body }, req, res: Response<CheckoutResponse>) => {
      await place(res, clientOf(req), body.tokenIds, body.totalAmount);
    }),
  );
  return router;
}
