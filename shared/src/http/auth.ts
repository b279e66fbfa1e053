/** Sign-In with Ethereum and sessions: `/api/auth/*` and `/api/logout`. */
import type { Hex } from "viem";

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

/** `POST /api/auth/siwe` and `GET /api/auth/user` (401 `{ message }` without a session): spec section 3, User. */
export interface User {
  firstName: string | null;
  username: string | null;
  email: string | null;
  walletAddress: string | null;
  isAdmin: boolean;
}

/** `POST /api/logout`, `POST /api/auth/logout` (their `GET` answers 303 to `/`). */
export interface SignOutResponse {
  message: string;
}
