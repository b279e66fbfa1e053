import { CARD_ORDER_STATES, type CardOrderStateName } from "@pixlings/shared/http/checkout";
import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { SYMMETRY_BY_CODE, type Symmetry } from "@pixlings/shared/art/symmetry";
import { TIER_NAMES, type TierName } from "@pixlings/shared/tiers";

// Millisecond precision everywhere: PGlite stores milliseconds, Postgres microseconds.
const timestamptz = (name: string) => timestamp(name, { precision: 3, withTimezone: true, mode: "date" });

/**
 * Accounts: a Google identity (issuer + sub), linked wallets (`user_wallets`), or both. Email,
 * first name and picture come from the ID token; `isAdmin` from ADMIN_EMAILS at each sign-in.
 */
export const users = pgTable(
  "users",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** The OpenID issuer and its `sub` for this person: together, one user. */
    googleIssuer: text("google_issuer"),
    googleSub: text("google_sub"),
    email: text("email"),
    firstName: text("first_name"),
    username: text("username"),
    pictureUrl: text("picture_url"),
    isAdmin: boolean("is_admin").notNull().default(false),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("users_google_identity_idx").on(t.googleIssuer, t.googleSub)],
);

/** Wallets linked to users: a wallet (EIP-55 checksummed) belongs to at most one user. */
export const userWallets = pgTable(
  "user_wallets",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    address: text("address").notNull().unique(),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [index("user_wallets_user_id_idx").on(t.userId)],
);

/** Sessions; `id` is the SHA-256 (hex) of the random token in the cookie, never the token itself. */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamptz("expires_at").notNull(),
    /** The wallet this session signed in with (SIWE), EIP-55; null for a Google sign-in. */
    walletAddress: text("wallet_address"),
    /** "Maybe Later" on the link prompt, for this session. */
    linkingDismissed: boolean("linking_dismissed").notNull().default(false),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

/** Server-issued SIWE nonces: single use (usedAt), short-lived (expiresAt). */
export const siweNonces = pgTable(
  "siwe_nonces",
  {
    nonce: text("nonce").primaryKey(),
    expiresAt: timestamptz("expires_at").notNull(),
    usedAt: timestamptz("used_at"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [index("siwe_nonces_expires_at_idx").on(t.expiresAt)],
);

export const artists = pgTable(
  "artists",
  {
    id: integer("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    email: text("email"),
    bio: text("bio"),
    website: text("website"),
    isVerified: boolean("is_verified").notNull().default(false),
    isApproved: boolean("is_approved").notNull().default(false),
    /** The account that acts as this artist (ARTIST_EMAILS, linked at its sign-in). */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [index("artists_user_id_idx").on(t.userId)],
);

export const tier = pgEnum("tier", TIER_NAMES as [TierName, ...TierName[]]);
export const symmetry = pgEnum("symmetry", SYMMETRY_BY_CODE as [Symmetry, ...Symmetry[]]);

/** Off-chain text of every Pix: generated name and description, plus the owner's custom ones. */
export const catalogue = pgTable(
  "catalogue",
  {
    tokenId: integer("token_id").primaryKey(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    tier: tier("tier").notNull(),
    artistId: integer("artist_id").references(() => artists.id),
    colorCount: integer("color_count").notNull(),
    symmetry: symmetry("symmetry").notNull(),
    customName: text("custom_name"),
    customDescription: text("custom_description"),
    /** The `stories_version` of the last edit of the custom name or story (0: never edited). */
    storyVersion: bigint("story_version", { mode: "number" }).notNull().default(0),
  },
  (t) => [index("catalogue_tier_idx").on(t.tier), index("catalogue_artist_id_idx").on(t.artistId), index("catalogue_story_version_idx").on(t.storyVersion)],
);

/**
 * One row: +1 per story edit, in the edit's transaction. Its row lock orders the edits, so the
 * versions commit in order and "every row above the version I had" is all an API process missed.
 */
export const storiesVersion = pgTable(
  "stories_version",
  {
    id: integer("id").primaryKey().default(1),
    version: bigint("version", { mode: "number" }).notNull().default(0),
  },
  (t) => [check("stories_version_single_row", sql`${t.id} = 1`)],
);

/**
 * Why a reservation ended: its mint is final on its chain, or its voucher expired unused, or (a
 * card hold) its payment failed or was cancelled before the hold ran out.
 */
export const releaseReason = pgEnum("release_reason", ["minted", "expired", "cancelled"]);

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

/**
 * Ids held for a sale (POST /api/mint/authorize). At most one live row per id (releasedAt null),
 * across chains and payment paths. A row ends only on what the indexer shows as final on its
 * chain: the mint (reason "minted"), or a finalized block past `holdUntil` (reason "expired": the
 * voucher's deadline plus a margin, so a mint mined at the last second is never sold again).
 */
export const reservations = pgTable(
  "reservations",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    tokenId: integer("token_id").notNull(),
    /**
     * The voucher's recipient, EIP-55 checksummed (the session's wallet); for a card hold the
     * holder key `cardHoldAddress(orderId)` (checkout/cardHoldAddress.ts), which no wallet address equals.
     */
    address: text("address").notNull(),
    /** The card order this hold is for; null for a crypto sale. */
    orderId: text("order_id").references(() => cardOrders.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Who asked: the client IP, IPv6 by its /64 (`clientKeyOf`); capped like an address. */
    clientKey: text("client_key").notNull().default(""),
    /** The chain the voucher is for. */
    chainId: integer("chain_id").notNull(),
    /** The voucher's deadline: the contract refuses it after this instant. */
    deadline: timestamptz("deadline").notNull(),
    /** `deadline` plus the skew margin. */
    holdUntil: timestamptz("hold_until").notNull(),
    /** How many times a new voucher extended this hold. */
    renewals: integer("renewals").notNull().default(0),
    releasedAt: timestamptz("released_at"),
    releaseReason: releaseReason("release_reason"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("reservations_live_token_id_idx").on(t.tokenId).where(sql`released_at is null`),
    index("reservations_live_address_idx").on(t.address).where(sql`released_at is null`),
    index("reservations_live_client_idx").on(t.clientKey).where(sql`released_at is null`),
    index("reservations_expired_idx").on(t.releasedAt).where(sql`release_reason = 'expired'`),
    index("reservations_order_idx").on(t.orderId),
  ],
);

/** Fixed-window request counters shared by every API process: `key` is limit name + subject. */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: timestamptz("window_start").notNull(),
  hits: integer("hits").notNull(),
});
