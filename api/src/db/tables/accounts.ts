import { boolean, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { timestamptz } from "./columns.ts";

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
