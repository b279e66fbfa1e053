/**
 * Sign-in and sessions: `/api/auth/*`, `/api/logout`, `/api/link-wallet`.
 * Google: `GET /api/auth/google?returnTo=/path` (302 to the OpenID provider), its callback
 * `GET /api/auth/google/callback` (302 to `returnTo`, a same-origin path, else `/`; failures 302 to
 * `/login-failed?error=…&error_description=…`, one of LOGIN_FAILURES and its sentence).
 */
import type { Hex } from "viem";
import type { ErrorCode } from "./errors.ts";

/** `GET /api/auth/nonce`: single-use. */
export interface NonceResponse {
  nonce: string;
  /** ISO time. */
  expiresAt: string;
}

/** `POST /api/auth/siwe`: an EIP-4361 message naming that nonce and its `personal_sign` signature. */
export interface SiweRequest {
  message: string;
  signature: Hex;
}

/**
 * `POST /api/auth/siwe` and `GET /api/auth/user` (401 `{ message }` without a session): spec
 * section 3, User, plus what the web app needs (linked wallets, picture, roles, the link prompt).
 */
export interface User {
  firstName: string | null;
  username: string | null;
  email: string | null;
  /** The wallet this session signed in with, else the first linked one. */
  walletAddress: string | null;
  isAdmin: boolean;
  isArtist: boolean;
  /** From the Google ID token. */
  profileImageUrl: string | null;
  /** Every wallet linked to this user (checksummed), oldest first. */
  linkedWallets: string[];
  /** Signed in with Google (a user may have Google, wallets, or both). */
  hasGoogle: boolean;
  /** The session flag `linkingDismissed` ("Maybe Later" on the link prompt). */
  linkingDismissed: boolean;
  /**
   * The account's email is an admin's, but this session does not carry admin: it signed in with a
   * wallet, or with Google more than ADMIN_SIGN_IN_MAX_AGE_HOURS ago (sign in with Google again).
   */
  adminSignInRequired: boolean;
}

/**
 * Admin routes need a Google sign-in (with a verified email) at most this many hours old; a
 * wallet (SIWE) sign-in never carries admin, even for a wallet linked to an admin's account.
 */
export const ADMIN_SIGN_IN_MAX_AGE_HOURS = 12;

/**
 * Why a Google sign-in failed, as `/login-failed?error=` says it: the shop's own sentences only
 * (the provider's and openid-client's words stay in the server's log). Any other `error` reads
 * as `sign_in_failed`.
 */
export const LOGIN_FAILURES = {
  login_expired: "This sign-in was not started in this browser, or it took too long. Please try again.",
  access_denied: "The sign-in was cancelled, or Google did not share your account with us.",
  temporarily_unavailable: "Google sign-in is not available right now. Please try again in a moment.",
  sign_in_failed: "Google's answer could not be checked, so you were not signed in. Please try again.",
} as const;
export type LoginFailure = keyof typeof LOGIN_FAILURES;

/**
 * `POST /api/link-wallet`: links a wallet this session has proven control of: either the wallet
 * it signed in with (SIWE), or a fresh SIWE message and signature (nonce from `/api/auth/nonce`)
 * in the body. A bare address is never enough (400/403). A wallet that is the only wallet of an
 * account of its own (no Google) answers 409 `wallet_has_own_account` until the request confirms
 * the move (`confirmMove: true` with a fresh signature); a wallet of any other account answers 409
 * `wallet_linked_elsewhere` and never moves.
 */
export interface LinkWalletRequest {
  walletAddress: string;
  message?: string;
  signature?: Hex;
  /**
   * Moves the wallet from its own wallet-only account to this one: the wallet, its reservations
   * and artist profiles come along; that account's sessions end and the account is deleted.
   */
  confirmMove?: boolean;
}

/** The codes `POST /api/link-wallet` answers with (besides uncoded `ErrorBody`s: 400, 401, 403). */
export const LINK_WALLET_ERROR_CODES = ["wallet_has_own_account", "wallet_linked_elsewhere"] as const satisfies readonly ErrorCode[];

/** `POST /api/link-wallet`'s answer (spec: `{ user }`): the user with the wallet linked. */
export interface LinkWalletResponse {
  user: User;
}

/** `POST /api/auth/link-prompt/dismiss`: sets the session's `linkingDismissed`. */
export interface DismissLinkPromptResponse {
  linkingDismissed: true;
}

/**
 * `POST /api/debug/refresh-admin`: the signed-in user's admin role as the API reads it now (from
 * every live process's ADMIN_EMAILS, on every request anyway), with why not when not.
 */
export interface RefreshAdminResponse {
  message: string;
  isAdmin: boolean;
}

/** `POST /api/logout`, `POST /api/auth/logout` (POST only: a `GET` answers 405). */
export interface SignOutResponse {
  message: string;
}

/** `POST /api/auth/logout-everywhere`: every session of the user ends, this one included. */
export interface SignOutEverywhereResponse {
  message: string;
  /** How many sessions ended. */
  ended: number;
}
