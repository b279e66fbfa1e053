import type { users } from "../db/tables/accounts.ts";

/** A users row. */
export type UserRow = typeof users.$inferSelect;

/** The user of a session, with what every route asks about it. */
export interface SessionUser extends UserRow {
  /** The session's own id (SHA-256 of its token). */
  sessionId: string;
  /** The wallet this session signed in with (SIWE), else null: vouchers go only there. */
  walletAddress: string | null;
  /** How this session signed in, and when. */
  signedInWith: "google" | "wallet";
  signedInAt: Date;
  /** Every wallet linked to the user, oldest first. */
  linkedWallets: string[];
  /** Acts as an artist profile its email is granted now (the profile's own email, or ARTIST_EMAILS). */
  isArtist: boolean;
  /** Every live API process lists the user's verified email in ADMIN_EMAILS. */
  isAdminEmail: boolean;
  /** Admin on this session: an admin email, signed in with Google within ADMIN_SIGN_IN_MAX_AGE_HOURS. */
  isAdmin: boolean;
  linkingDismissed: boolean;
}

/** Every wallet of the user this session may act for: its own SIWE wallet and the linked ones. */
export const walletsOf = (user: SessionUser): string[] => [...new Set([...(user.walletAddress ? [user.walletAddress] : []), ...user.linkedWallets])];
