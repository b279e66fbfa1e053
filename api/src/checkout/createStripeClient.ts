import { createRequire } from "node:module";
import type Stripe from "stripe";
import type { CardConfig } from "../config/readConfig.ts";
import { outsideErrors } from "../metrics/registry.ts";

const require = createRequire(import.meta.url);

/**
 * The Stripe SDK, loaded by the first process that makes a client: some 200 modules that a shop
 * without card payments never needs (docs/api.md, Memory). Its CommonJS build, so that making a
 * client stays synchronous.
 */
const loadStripe = (): typeof Stripe => require("stripe") as typeof Stripe;

/**
 * The Stripe SDK for the configured account: Stripe itself, or the local stand-in when
 * STRIPE_API_URL names it (split into the SDK's host, port and protocol).
 */
export function createStripeClient(card: Pick<CardConfig, "secretKey" | "apiUrl">): Stripe {
  const StripeSdk = loadStripe();
  const stripe = card.apiUrl === undefined ? new StripeSdk(card.secretKey, { telemetry: false }) : standIn(StripeSdk, card.secretKey, card.apiUrl);
  // Stripe's refusals of a request (4xx but the expected 402 card declines, 5xx) in the metrics.
  stripe.on("response", (event: Stripe.ResponseEvent) => {
    if (event.status >= 400 && event.status !== 402) outsideErrors.inc({ service: "stripe", target: String(event.status) });
  });
  return stripe;
}

function standIn(StripeSdk: typeof Stripe, secretKey: string, apiUrl: string): Stripe {
  const url = new URL(apiUrl);
  const protocol = url.protocol === "https:" ? "https" : "http";
  const port = url.port === "" ? (protocol === "https" ? 443 : 80) : Number(url.port);
  return new StripeSdk(secretKey, { host: url.hostname, port, protocol, telemetry: false });
}
