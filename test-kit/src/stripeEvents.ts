// Stripe events posted to the API by a test, validly signed with the shop's webhook secret: what a
// leaked secret lets anyone send, and Stripe's own events delivered again or in another order.
import { STRIPE_WEBHOOK_PATH } from "@pixlings/shared/defaults";
import type { CardShop } from "./cardShop.ts";

/** An event in Stripe's shape around `object`, with an id of its own. */
export function forgedEvent(type: string, object: object): Record<string, unknown> {
  return {
    id: `evt_forged_${Math.random().toString(36).slice(2)}`,
    object: "event",
    api_version: "2026-10-28.endive",
    created: Math.floor(Date.now() / 1000),
    data: { object },
    livemode: false,
    pending_webhooks: 0,
    request: { id: null, idempotency_key: null },
    type,
  };
}

/** POSTs `event` to the API's webhook, signed as Stripe signs (the SDK's test header); the API's status and outcome. */
export async function deliverSigned(shop: Pick<CardShop, "api" | "stripe">, event: unknown): Promise<{ status: number; outcome: string | undefined }> {
  const payload = JSON.stringify(event);
  const res = await fetch(`${shop.api.url}${STRIPE_WEBHOOK_PATH}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "stripe-signature": shop.stripe.stripe.webhooks.generateTestHeaderString({ payload, secret: shop.stripe.webhookSecret }),
    },
    body: payload,
  });
  const body = (await res.json()) as { outcome?: string };
  return { status: res.status, outcome: body.outcome };
}
