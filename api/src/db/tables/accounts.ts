import { boolean, index, integer, pgEnum, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { timestamptz } from "./columns.ts";

/**
 * Accounts: a Google identity (issuer + sub), linked wallets (`user_wallets`), or both. Email,
 * first name and picture come from the ID token. Roles are not stored here: every request reads
 * them from the role lists every API process publishes (`role_lists`, api/src/users/roleLists.ts).
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
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    /**
     * "Delete my account" (api/src/account/deleteAccount.ts): the row stays, emptied of every
     * personal field, for the card orders kept for accounting to point at. No session, wallet,
     * hold or order can be added to it (triggers of migration 0011).
     */
    deletedAt: timestamptz("deleted_at"),
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

/** How a session signed in: only a Google sign-in (with a verified email, recent) may carry admin. */
export const signInMethod = pgEnum("sign_in_method", ["google", "wallet"]);

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
    signedInWith: signInMethod("signed_in_with").notNull(),
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

/**
 * The role lists of each running API process (its ADMIN_EMAILS and ARTIST_EMAILS), refreshed while
 * it runs: a role counts only while every live process grants it (api/src/users/roleLists.ts).
 */
export const roleLists = pgTable("role_lists", {
  /** Random, drawn by the process at start. */
  processId: text("process_id").primaryKey(),
  /** `admin:<email>`, `artist:<email>:<slug>` (`*`: every artist); emails in lower case. */
  grants: text("grants").array().notNull(),
  /** The process counts as gone from this instant (the database's clock) unless it refreshes it. */
  liveUntil: timestamptz("live_until").notNull(),
  startedAt: timestamptz("started_at").notNull().defaultNow(),
});
