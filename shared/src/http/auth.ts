/**
 * Sign-in and sessions: `/api/auth/*`, `/api/logout`, `/api/link-wallet`.
 * Google: `GET /api/auth/google?returnTo=/path` (302 to the OpenID provider), its callback
 * `GET /api/auth/google/callback` (302 to `returnTo`, a same-origin path, else `/`; failures 302 to
 * `/login-failed?error=…&error_description=…`).
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
}

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

/** `POST /api/debug/refresh-admin`: re-reads ADMIN_EMAILS for the signed-in user. */
export interface RefreshAdminResponse {
  message: string;
  isAdmin: boolean;
}

/** `POST /api/logout`, `POST /api/auth/logout` (their `GET` answers 303 to `/`). */
export interface SignOutResponse {
  message: string;
}
