import { CARD_ORDER_STATES, type CardOrderStateName } from "@pixlings/shared/http/checkout";
import { index, integer, pgEnum, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { timestamptz } from "./columns.ts";
import { users } from "./accounts.ts";
import { freemintCards } from "./freemintCards.ts";

/** A card order's life (docs/api.md, "Card orders"): advanced only by verified webhooks and the fulfilment worker. */
export type CardOrderState = CardOrderStateName;
export const cardOrderState = pgEnum("card_order_state", CARD_ORDER_STATES);
export const cardOrderSource = pgEnum("card_order_source", ["card", "freemint"]);

/**
 * Card orders (POST /api/create-payment-intent, POST /api/cart/checkout): the ids, the amount
 * charged, the PaymentIntent and where the order stands. `id` is random and is the
 * PaymentIntent's `metadata.orderId` and idempotency key, so a retried create never charges twice.
 */
export const cardOrders = pgTable(
  "card_orders",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    /** The primary chain, where the order's Pix are minted to custody. */
    chainId: integer("chain_id").notNull(),
    tokenIds: integer("token_ids").array().notNull(),
    /** What each id costs in this order, USD cents, in the order of `tokenIds` (0 for a freemint). */
    tokenCents: integer("token_cents").array().notNull().default([]),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default("usd"),
    paymentIntentId: text("payment_intent_id"),
    state: cardOrderState("state").notNull().default("created"),
    /** Why the order was refunded, failed or expired, in words the buyer is shown. */
    reason: text("reason"),
    refundId: text("refund_id"),
    /** A card payment, or a freemint redemption (amount 0, no PaymentIntent). */
    source: cardOrderSource("source").notNull().default("card"),
    /** Ids refunded because they were lost before the payment arrived; the rest are minted. */
    refundedTokenIds: integer("refunded_token_ids").array().notNull().default([]),
    refundedCents: integer("refunded_cents").notNull().default(0),
    /** The freemint card a freemint order used slots of (given back if it is refunded). */
    freemintCardId: integer("freemint_card_id").references(() => freemintCards.id),
    /** The mintToCustody transaction, once sent. */
    mintTxHash: text("mint_tx_hash"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("card_orders_payment_intent_idx").on(t.paymentIntentId),
    index("card_orders_user_idx").on(t.userId),
    index("card_orders_state_idx").on(t.state),
  ],
);

/** Stripe events already handled, by event id: Stripe retries deliveries, each takes effect once. */
export const stripeEvents = pgTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  orderId: text("order_id"),
  processedAt: timestamptz("processed_at").notNull().defaultNow(),
});
