/**
 * The signed-in user's own data (api/src/account/): `GET /api/account/export` ("Download my data":
 * AccountExport, as a JSON file) and `DELETE /api/account` ("Delete my account": DeleteAccountRequest
 * → DeleteAccountResponse, or 409 `account_in_use` with the reasons while something is under way
 * that the account would lose). What is stored, how long, and what deletion keeps:
 * `shared/src/privacy.ts`.
 */
import type { ErrorCode } from "./errors.ts";

/** `DELETE /api/account`: `confirm` must be true (the page's confirm dialog). */
export interface DeleteAccountRequest {
  confirm: true;
}

/** `DELETE /api/account`: the account is deleted, every session ended (this one included). */
export interface DeleteAccountResponse {
  message: string;
}

/** The codes `DELETE /api/account` answers with. */
export const DELETE_ACCOUNT_ERROR_CODES = ["account_in_use"] as const satisfies readonly ErrorCode[];

/** "Download my data": everything the shop stores about the signed-in user, and nobody else. */
export interface AccountExport {
  exportedAt: string;
  account: {
    id: number;
    email: string | null;
    firstName: string | null;
    username: string | null;
    pictureUrl: string | null;
    /** The Google account (OpenID issuer and subject) the account signs in with, if any. */
    google: { issuer: string; subject: string } | null;
    createdAt: string;
    /** Every live API process lists the email in ADMIN_EMAILS. */
    adminEmail: boolean;
  };
  wallets: { address: string; linkedAt: string }[];
  sessions: { signedInWith: "google" | "wallet"; walletAddress: string | null; signedInAt: string; expiresAt: string; thisSession: boolean }[];
  /** Card and freemint orders (amounts in USD cents). */
  orders: {
    id: string;
    source: "card" | "freemint";
    state: string;
    tokenIds: number[];
    amountCents: number;
    currency: string;
    refundedTokenIds: number[];
    refundedCents: number;
    reason: string | null;
    paymentIntentId: string | null;
    mintTxHash: string | null;
    createdAt: string;
    updatedAt: string;
  }[];
  /** "Mint to Wallet" transfers asked for. */
  transfers: { tokenId: number | null; toAddress: string | null; state: string; txHash: string | null; requestedAt: string }[];
  /** Pix held for the account's sales (vouchers and card orders), with the client address they were held from. */
  reservations: {
    tokenId: number;
    chainId: number;
    /** The wallet a voucher was for, or null for a card order's hold. */
    walletAddress: string | null;
    orderId: string | null;
    /** The IP address (IPv6: its /64) the hold was asked from; empty when not known. */
    clientAddress: string;
    heldAt: string;
    heldUntil: string;
    releasedAt: string | null;
    releaseReason: string | null;
  }[];
  /** Names and stories of the Pix the account owns now. */
  stories: { tokenId: number; customName: string | null; customDescription: string | null }[];
  merchPreviews: { taskKey: string; tokenId: number; productId: number; variantId: number; placements: string[]; status: string; createdAt: string }[];
  /** Artist profiles the account acts as, their submissions, and the chat messages the account wrote. */
  artist: {
    profiles: { id: number; slug: string; name: string; email: string | null; bio: string | null; website: string | null; isApproved: boolean }[];
    submissions: {
      id: number;
      artistId: number | null;
      name: string;
      description: string | null;
      status: string;
      adminNotes: string | null;
      createdAt: string;
    }[];
    messagesWritten: { submissionId: number; message: string; sentAt: string }[];
  };
  /** Admin actions the account took (the audit log's entries of it). */
  adminActions: { action: string; artistId: number | null; submissionId: number | null; tokenId: number | null; detail: string | null; at: string }[];
}
