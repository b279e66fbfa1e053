import { sql } from "drizzle-orm";
import { index, integer, pgEnum, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { timestamptz } from "./columns.ts";
import { users } from "./accounts.ts";
import { cardOrders } from "./cardOrders.ts";

/**
 * Why a reservation ended: its mint is final on its chain, or its voucher expired unused, or (a
 * card hold) its payment failed or was cancelled before the hold ran out, or (an Approve & Replace's
 * hold) the new art is on every chain.
 */
export const releaseReason = pgEnum("release_reason", ["minted", "expired", "cancelled", "art_replaced"]);

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
     * holder key `cardHoldAddress(orderId)` (sale/cardHoldAddress.ts), which no wallet address equals.
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
