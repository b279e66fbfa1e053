import { parseTokenId, parseTokenIdList } from "../api/parseIds.ts";

/** Stripe's client secret of a PaymentIntent: `pi_<id>_secret_<secret>` (the stand-in's has the same shape). */
const CLIENT_SECRET = /^(pi_[A-Za-z0-9]+)_secret_[A-Za-z0-9]+$/;

/** The PaymentIntent id in a client secret (the part before `_secret_`), or undefined when it is not one. */
export function paymentIntentIdOf(clientSecret: string): string | undefined {
  return CLIENT_SECRET.exec(clientSecret)?.[1];
}

/**
 * Where a card payment continues (spec): `/checkout?clientSecret=…&tokenId=…` from the mint page,
 * `/checkout?batch=true&clientSecret=…&tokenIds=a,b,c` from the cart.
 */
export function checkoutPath(clientSecret: string, tokenIds: readonly number[], batch: boolean): string {
  const params = new URLSearchParams();
  if (batch) params.set("batch", "true");
  params.set("clientSecret", clientSecret);
  if (batch) params.set("tokenIds", tokenIds.join(","));
  else params.set("tokenId", String(tokenIds[0] ?? ""));
  return `/checkout?${params.toString().replaceAll("%2C", ",")}`;
}

export interface CheckoutParams {
  clientSecret: string;
  paymentIntentId: string;
  /** The Pix the link names (the order itself, read from the server, is the truth). */
  tokenIds: number[];
  batch: boolean;
  /**
   * Back from a bank's page (3D Secure): Stripe.js adds `redirect_status` to the return URL;
   * "succeeded" or "processing" means the payment was sent, so the page follows the order at once.
   */
  paymentSent: boolean;
}

/** The /checkout query, or undefined when it has no usable client secret (the page then goes home). */
export function readCheckoutParams(params: URLSearchParams): CheckoutParams | undefined {
  const clientSecret = params.get("clientSecret") ?? "";
  const paymentIntentId = paymentIntentIdOf(clientSecret);
  if (paymentIntentId === undefined) return undefined;
  const batch = params.get("batch") === "true";
  const single = parseTokenId(params.get("tokenId") ?? undefined);
  const tokenIds = batch || single === undefined ? parseTokenIdList(params.get("tokenIds")) : [single];
  const redirectStatus = params.get("redirect_status");
  return { clientSecret, paymentIntentId, tokenIds, batch, paymentSent: redirectStatus === "succeeded" || redirectStatus === "processing" };
}
