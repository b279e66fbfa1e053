/**
 * Card checkout, card orders and freemint cards (docs/map.md#freemint-card, docs/map.md#the-api-calls; the API's api/src/checkout/).
 */
import { COLLECTION } from "../collection.ts";
import type { TierKey } from "../tiers.ts";
import type { ErrorCode } from "./errors.ts";

/**
 * Card checkout (docs/map.md#the-api-calls; the API's api/src/checkout/). Amounts are USD cents, processing
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

/**
 * `GET /api/card/config` (public): whether the mint page and the cart offer "Credit Card (USD)",
 * and how /checkout confirms a payment. `standInUrl` is set only when the API talks to the local
 * Stripe stand-in (its STRIPE_API_URL): the page then shows a test-card form that confirms the
 * PaymentIntent there with the publishable key and client secret, as Stripe.js does; null means
 * real Stripe, and the page uses Stripe Elements with `publishableKey`.
 */
export interface CardConfig {
  enabled: boolean;
  publishableKey: string | null;
  standInUrl: string | null;
  /** USD cents per tier, processing fee included (what a card is charged). */
  prices: Record<TierKey, number>;
}

/** The states of a card or freemint order (docs/api.md, "Card orders"). */
export const CARD_ORDER_STATES = ["created", "paid", "minting", "minted", "refunded", "failed", "expired"] as const;
export type CardOrderStateName = (typeof CARD_ORDER_STATES)[number];

/**
 * `GET /api/card-orders/{orderId}` and `GET /api/card-orders/by-payment/{paymentIntentId}`
 * (signed in; only the buyer's own order, 404 otherwise): what /checkout follows until done.
 */
export interface CardOrderView {
  orderId: string;
  state: CardOrderStateName;
  /** Every id the order was for. */
  tokenIds: number[];
  /** What each id costs in this order, USD cents, in the order of `tokenIds` (0s for a freemint). */
  tokenCents: number[];
  /** Ids refunded because they were no longer held for the order (empty unless refunded). */
  refundedTokenIds: number[];
  /** USD cents charged (0 for a freemint redemption), and refunded. */
  amount: number;
  refundedAmount: number;
  /** The chain the Pix are minted on (the primary chain). */
  chainId: number;
  /** The mint transaction once sent. */
  txHash: string | null;
  /** Why it was refunded, failed or expired, in a sentence for the buyer; while it waits for a payment, why the last card was declined. */
  reason: string | null;
  /** "card" or "freemint". */
  source: "card" | "freemint";
  updatedAt: string;
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
  "unpaid_cap",
  "cooldown",
] as const;

/** How many Pix one buyer may hold in card orders not paid yet (409 `unpaid_cap` past it). */
export const MAX_UNPAID_CARD_PIX = 10;

/**
 * `GET /api/card-orders/{orderId}/payment` (signed in; the buyer's own order while it waits for a
 * payment, 409 once it does not): what the card form needs. Never put in a URL: /checkout carries
 * only the order id.
 */
export interface CardOrderPayment {
  clientSecret: string;
  /** When the order's Pix stop being held for it unless a card has been submitted (ISO time). */
  heldUntil: string;
}

/**
 * `GET /api/card-orders/{orderId}/receipt` (signed in; the buyer's own paid order): what the
 * success page shows, read from the payment provider (card brand and last 4 from the charge).
 */
export interface CardReceipt {
  orderId: string;
  /** When the order was placed (ISO time). */
  createdAt: string;
  /** Each Pix and what it cost, USD cents. */
  items: { tokenId: number; cents: number }[];
  /** USD cents charged, and refunded. */
  amount: number;
  refundedAmount: number;
  /** The card charged, when the provider says. */
  card: { brand: string; last4: string } | null;
  /** Where the payment provider sends its receipt. */
  receiptEmail: string | null;
}

/**
 * Freemint cards (docs/map.md#freemint-card, docs/design.md: redeemed by a signed-in user for 3, 6
 * or 9 Common Pix, minted like card orders). Admin: `GET /api/admin/freemint-cards` (FreemintCard[])
 * and `POST /api/admin/freemint-cards` (CreateFreemintCardRequest → FreemintCard). Signed in:
 * `POST /api/freemint/check` (CheckFreemintCardRequest → FreemintCardCheck) and
 * `POST /api/freemint/redeem` (RedeemFreemintRequest → CardOrderView of the order that mints them).
 * A code only ever travels in a request body, never in a URL.
 */

export const FREEMINT_CARD_TYPES = ["3pix", "6pix", "9pix"] as const;
export type FreemintCardType = (typeof FREEMINT_CARD_TYPES)[number];
/** The Common Pix one redemption of a card may take, and a new card's slots unless the admin gives more. */
export const FREEMINT_PIX: Readonly<Record<FreemintCardType, number>> = { "3pix": 3, "6pix": 6, "9pix": 9 };

/** A freemint code's characters: no look-alikes (0/O, 1/I/L), so a code typed off a card is typed right. */
export const FREEMINT_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
/** New codes: 4 groups of 4 characters (16 × log2(31) ≈ 79 bits). */
export const FREEMINT_CODE_GROUPS = 4;
export const FREEMINT_CODE_GROUP_LENGTH = 4;
/** Codes of the first cards: 8 characters in one group (≈ 40 bits); still redeemed where they exist. */
export const FREEMINT_OLD_CODE_LENGTH = 8;
/** `PIXLINGS-` and a code: `PIXLINGS-ABCD-EFGH-JKMN-PQRS`, or an old one `PIXLINGS-ABCD2345`. */
export const FREEMINT_CODE_PATTERN = new RegExp(
  `^${COLLECTION.slug.toUpperCase()}-(?:[${FREEMINT_CODE_ALPHABET}]{${FREEMINT_OLD_CODE_LENGTH}}|[${FREEMINT_CODE_ALPHABET}]{${FREEMINT_CODE_GROUP_LENGTH}}(?:-[${FREEMINT_CODE_ALPHABET}]{${FREEMINT_CODE_GROUP_LENGTH}}){${FREEMINT_CODE_GROUPS - 1}})$`,
);

export interface FreemintCard {
  id: number;
  code: string;
  cardType: FreemintCardType;
  totalSlots: number;
  usedSlots: number;
  isActive: boolean;
  expiresAt: string | null;
  createdAt: string;
  /** When the last slot was used. */
  redeemedAt: string | null;
}

export interface CreateFreemintCardRequest {
  cardType: FreemintCardType;
  totalSlots?: number;
  /** ISO time, not in the past. */
  expiresAt?: string | null;
}

/** `PATCH /api/admin/freemint-cards/{id}` (admin): switch a card off (its badge: Inactive) or on again. */
export interface UpdateFreemintCardRequest {
  isActive: boolean;
}

/** `POST /api/freemint/check`: a code, in the body (never in a URL), as typed or normalized. */
export interface CheckFreemintCardRequest {
  code: string;
}

/** What a code grants now, before choosing the Pix. */
export interface FreemintCardCheck {
  code: string;
  cardType: FreemintCardType;
  freeSlots: number;
  expiresAt: string | null;
}

export interface RedeemFreemintRequest {
  code: string;
  /** Common Pix, 1..freeSlots distinct ids. */
  tokenIds: number[];
}

/**
 * `GET /api/admin/frozen-orders` (admin): the card orders that need a person, newest first: those
 * frozen (a dispute, a refund made outside the shop, a fraud warning: their Pix may not leave
 * custody) and those whose payment the fulfilment worker refused when it checked it with Stripe
 * (nothing minted). What Stripe said is as the worker last read it.
 */
export interface FrozenOrder {
  orderId: string;
  buyer: { userId: number; email: string | null; name: string | null };
  state: CardOrderStateName;
  tokenIds: number[];
  /** USD cents charged, refunded by the shop, and refunded in all as Stripe says (the shop's refunds and any made outside it). */
  amount: number;
  refundedAmount: number;
  stripeRefundedAmount: number;
  paymentIntentId: string | null;
  /**
   * Null for an order whose payment was refused. `releasable`: a freeze the shop itself reviews (a
   * fraud warning, part of the payment refunded outside the shop), which an admin may release.
   */
  frozen: { reason: string; since: string; forGood: boolean; releasable: boolean } | null;
  dispute: { id: string; status: string; reason: string | null } | null;
  fraudWarning: { id: string; fraudType: string | null } | null;
  /** Why the worker refused the payment it found at Stripe. */
  paymentProblem: string | null;
  paidAt: string | null;
  updatedAt: string;
}

/**
 * `POST /api/admin/frozen-orders/{orderId}/release` (admin, audited): the admin reviewed a fraud
 * warning or a refund made outside the shop and lets the order's Pix leave custody. Only what was
 * reviewed is released: a later warning, refund or dispute freezes the order again. Answers the
 * order as the Frozen tab lists it (`frozen` null once released).
 */
export interface ReleaseFrozenOrderResponse {
  message: string;
  order: FrozenOrder;
}

export const RELEASE_FROZEN_ORDER_ERROR_CODES = ["not_releasable"] as const satisfies readonly ErrorCode[];
