import express, { Router } from "express";
import type Stripe from "stripe";
import { STRIPE_WEBHOOK_PATH } from "@pixlings/shared/defaults";
import type { Db } from "../db/openDatabase.ts";
import { badRequest, HttpError } from "../http/HttpError.ts";
import { receiveStripeEvent } from "../sale/handleStripeEvent.ts";
import type { SaleEvents } from "../sale/saleEvents.ts";

export interface StripeWebhookDeps {
  db: Db;
  stripe: Stripe;
  webhookSecret: string;
  /** An order paid (its custody mint queued) or released is announced: the worker wakes, the market reloads. */
  events: SaleEvents;
}

/**
 * `POST /api/stripe/webhook`: the raw body, verified with the endpoint's signing secret (a forged
 * or unsigned one answers 400 and changes nothing), then applied once per event id. Mounted before
 * the JSON body parser: the signature is over the exact bytes.
 */
export function stripeWebhookRouter({ db, stripe, webhookSecret, events }: StripeWebhookDeps): Router {
  const router = Router();
  router.post(STRIPE_WEBHOOK_PATH, express.raw({ type: "*/*", limit: "1mb" }), async (req, res) => {
    const signature = req.headers["stripe-signature"];
    if (typeof signature !== "string" || !Buffer.isBuffer(req.body)) throw badRequest("Missing Stripe-Signature header or body");
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(req.body, signature, webhookSecret);
    } catch {
      throw badRequest("Invalid webhook signature");
    }
    const outcome = await receiveStripeEvent({ db, events }, event).catch((error: unknown) => {
      // Stripe retries on any non-2xx: a dependency away now is handled on a later delivery.
      throw error instanceof HttpError ? error : Object.assign(new HttpError(503, "Could not handle the event now; retry later"), { cause: error });
    });
    res.json({ received: true, outcome });
  });
  return router;
}
