import type { Logger } from "pino";
import type Stripe from "stripe";
import type { Db } from "../db/openDatabase.ts";
import { expireCardOrders } from "./expireCardOrders.ts";
import type { SaleEvents } from "./saleEvents.ts";

/** Every `intervalMs`: the card orders whose hold ran out unpaid are extended (a card submitted) or cancelled, then expired (expireCardOrders). */
export function startCardExpiry(p: {
  db: Db;
  stripe: Stripe;
  intervalMs: number;
  /** The order's whole time (CARD_RESERVATION_TTL_SECONDS): how long a submitted card keeps the hold. */
  orderSeconds: number;
  logger: Logger;
  /** Expired orders are announced (their holds ended, their payments are cancelled by the worker). */
  events: SaleEvents;
}): { stop(): void } {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    expireCardOrders(p.db, p.stripe, p.logger, p.orderSeconds)
      .then((count) => {
        if (count > 0) p.events.changed("holds", "jobs");
      })
      .catch((error: unknown) => p.logger.warn({ err: error }, "could not expire card orders now; retrying"))
      .finally(() => {
        running = false;
      });
  }, p.intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
