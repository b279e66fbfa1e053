import { sql } from "drizzle-orm";
import { CARD_ORDER_STATES, type CardOrderStateName } from "@pixlings/shared/http/checkout";
import { boolean, index, integer, pgEnum, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
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
    /** When the payment was recorded (the order became `paid`): the cooling-off before Mint to Wallet counts from it. */
    paidAt: timestamptz("paid_at"),
    /** When the fulfilment worker found the PaymentIntent paid as the order says (Stripe asked, not the event). */
    paymentVerifiedAt: timestamptz("payment_verified_at"),
    /** Why the worker refused the payment it found at Stripe (nothing minted), for the admin. */
    paymentProblem: text("payment_problem"),
    /**
     * Why the order's Pix may not leave custody (a dispute, a refund made outside the shop, a fraud
     * warning), in words the buyer and the admin read; null: not frozen. `frozenForGood`: a lost
     * dispute or a full refund, nothing will lift it.
     */
    frozenReason: text("frozen_reason"),
    frozenAt: timestamptz("frozen_at"),
    frozenForGood: boolean("frozen_for_good").notNull().default(false),
    /**
     * What Stripe itself says of the payment, as the worker last read it (never taken from an
     * event's body): cents refunded in all and whether that is all of it, the dispute, the early
     * fraud warning.
     */
    stripeRefundedCents: integer("stripe_refunded_cents").notNull().default(0),
    refundedInFull: boolean("refunded_in_full").notNull().default(false),
    disputeId: text("dispute_id"),
    disputeStatus: text("dispute_status"),
    disputeReason: text("dispute_reason"),
    fraudWarningId: text("fraud_warning_id"),
    fraudType: text("fraud_type"),
    /**
     * What an admin reviewed and released (the order's Pix may leave custody despite it): the early
     * fraud warning by id, and the cents refunded outside the shop at the time. A newer warning or
     * a larger refund freezes the order again (freezeOf.ts).
     */
    releasedFraudWarningId: text("released_fraud_warning_id"),
    releasedRefundCents: integer("released_refund_cents").notNull().default(0),
    /** Dispute, refund and fraud events received, and how many of them the last check with Stripe covered. */
    paymentEvents: integer("payment_events").notNull().default(0),
    paymentEventsChecked: integer("payment_events_checked").notNull().default(0),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("card_orders_payment_intent_idx").on(t.paymentIntentId),
    index("card_orders_user_idx").on(t.userId),
    index("card_orders_state_idx").on(t.state),
    // The admin's list of frozen orders.
    index("card_orders_frozen_idx").on(t.frozenAt).where(sql`frozen_reason is not null`),
  ],
);

/** Stripe events already handled, by event id: Stripe retries deliveries, each takes effect once. */
export const stripeEvents = pgTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  orderId: text("order_id"),
  processedAt: timestamptz("processed_at").notNull().defaultNow(),
});
