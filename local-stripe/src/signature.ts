import { createHmac } from "node:crypto";

/**
 * The `Stripe-Signature` header Stripe puts on a webhook: `t=<unix seconds>,v1=<hex>`, where v1
 * is HMAC-SHA256 of `${t}.${payload}` keyed with the endpoint's whole signing secret (`whsec_…`).
 */
export function stripeSignatureHeader(payload: string, secret: string, timestamp: number): string {
  const signature = createHmac("sha256", secret).update(`${timestamp}.${payload}`, "utf8").digest("hex");
  return `t=${timestamp},v1=${signature}`;
}
