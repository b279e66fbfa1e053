import Stripe from "stripe";
import type { CardConfig } from "../config/readConfig.ts";
import { outsideErrors } from "../metrics/registry.ts";

/**
 * The Stripe SDK for the configured account: Stripe itself, or the local stand-in when
 * STRIPE_API_URL names it (split into the SDK's host, port and protocol).
 */
export function createStripeClient(card: Pick<CardConfig, "secretKey" | "apiUrl">): Stripe {
  const stripe = card.apiUrl === undefined ? new Stripe(card.secretKey, { telemetry: false }) : standIn(card.secretKey, card.apiUrl);
  // Stripe's refusals of a request (4xx but the expected 402 card declines, 5xx) in the metrics.
  stripe.on("response", (event: Stripe.ResponseEvent) => {
    if (event.status >= 400 && event.status !== 402) outsideErrors.inc({ service: "stripe", target: String(event.status) });
  });
  return stripe;
}

function standIn(secretKey: string, apiUrl: string): Stripe {
  const url = new URL(apiUrl);
  const protocol = url.protocol === "https:" ? "https" : "http";
  const port = url.port === "" ? (protocol === "https" ? 443 : 80) : Number(url.port);
  return new Stripe(secretKey, { host: url.hostname, port, protocol, telemetry: false });
}
