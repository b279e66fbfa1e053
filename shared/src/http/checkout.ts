/**
 * Card checkout (spec section 7; the API's api/src/checkout/). Amounts are USD cents, processing
 * fee included, computed by the server from the card prices; a client total that disagrees is
 * answered 409 `stale_total` with the current one, never charged.
 */

/** `POST /api/create-payment-intent` (signed in): one Pix, its card price as the client shows it. */
export interface CreatePaymentIntentRequest {
  tokenId: number;
  /** USD cents. */
  amount: number;
}

/**
 * `POST /api/cart/checkout` (signed in): 1..10 distinct ids. `totalAmount` is the card total the
 * cart shows, in USD cents (the spec's ETH sum is the crypto cart's; a card is charged in cents).
 */
export interface CartCheckoutRequest {
  tokenIds: number[];
  paymentMethod: "card";
  totalAmount: number;
}

/** Both answer the PaymentIntent's client secret, for Stripe.js (or the local stand-in's form). */
export interface CheckoutResponse {
  clientSecret: string;
  /** The order (GET its state to follow it), and what is charged, in USD cents. */
  orderId: string;
  amount: number;
}

/** Error codes the checkout routes answer (besides the sale's reserved, minted, caps). */
export const CHECKOUT_ERROR_CODES = [
  "card_payments_off",
  "stale_total",
  "reserved",
  "minted",
  "unavailable",
  "client_cap",
  "wallet_cap",
  "sales_paused",
] as const;
