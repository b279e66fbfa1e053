/** A card order's id (a UUID, what the server answers as `orderId`). */
const ORDER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The Stripe ids the PaymentIntent client secret is made of: `pi_<id>_secret_<secret>`. */
const CLIENT_SECRET = /^(pi_[A-Za-z0-9]+)_secret_[A-Za-z0-9]+$/;

/** The PaymentIntent id in a client secret (the part before `_secret_`), or undefined when it is not one. */
export function paymentIntentIdOf(clientSecret: string): string | undefined {
  return CLIENT_SECRET.exec(clientSecret)?.[1];
}

/**
 * Where a card payment continues: `/checkout?order=<id>`, from the mint page and the cart alike.
 * Only the order's id: the page asks the server for the client secret of the buyer's own order,
 * so no secret lands in the address bar, the history or a server's log.
 */
export function checkoutPath(orderId: string): string {
  return `/checkout?${new URLSearchParams({ order: orderId }).toString()}`;
}

export interface CheckoutParams {
  orderId: string;
  /**
   * Back from a bank's page (3D Secure): Stripe.js adds `redirect_status` to the return URL;
   * "succeeded" or "processing" means the payment was sent, so the page follows the order at once.
   */
  paymentSent: boolean;
  /** The query carried more than the order (Stripe's return adds the client secret): the page replaces it with `checkoutPath`. */
  extra: boolean;
}

/** The /checkout query, or undefined when it names no order (the page then goes home). */
export function readCheckoutParams(params: URLSearchParams): CheckoutParams | undefined {
  const orderId = params.get("order") ?? "";
  if (!ORDER_ID.test(orderId)) return undefined;
  const redirectStatus = params.get("redirect_status");
  return { orderId, paymentSent: redirectStatus === "succeeded" || redirectStatus === "processing", extra: [...params.keys()].some((key) => key !== "order") };
}
