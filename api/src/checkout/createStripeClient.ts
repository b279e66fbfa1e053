import Stripe from "stripe";
import type { CardConfig } from "../config/readConfig.ts";

/**
 * The Stripe SDK for the configured account: Stripe itself, or the local stand-in when
 * STRIPE_API_URL names it (split into the SDK's host, port and protocol).
 */
export function createStripeClient(card: Pick<CardConfig, "secretKey" | "apiUrl">): Stripe {
  if (card.apiUrl === undefined) return new Stripe(card.secretKey, { telemetry: false });
  const url = new URL(card.apiUrl);
  const protocol = url.protocol === "https:" ? "https" : "http";
  const port = url.port === "" ? (protocol === "https" ? 443 : 80) : Number(url.port);
  return new Stripe(card.secretKey, { host: url.hostname, port, protocol, telemetry: false });
}
