/**
 * What wallets own, from the chains: `GET /api/owner/wallet/{address}` (Nft[]),
 * `GET /api/owner/pixlings` (OwnerPixlings; 401 without a session),
 * `GET /api/owner/pixlings/{tokenId}?walletAddress=` (Nft; 401, 404), `GET /api/wallet/chain-history?address=` (ChainHistory).
 */
import type { ErrorCode } from "./errors.ts";
import type { Nft } from "./nfts.ts";

/** A card or freemint Pix that custody holds for its buyer, and what Mint to Wallet waits for. */
export interface CardPix extends Nft {
  /** Bought by card, or redeemed with a freemint card. */
  source: "card" | "freemint";
  /**
   * When the cooling-off after the payment ends and Mint to Wallet opens (ISO; it may be past);
   * null: none (freemint Pix, or a shop without one).
   */
  transferableFrom: string | null;
  /** Why it may not leave custody now (a dispute, a refund made outside the shop, a fraud warning); null: not frozen. */
  frozen: { reason: string; forGood: boolean } | null;
}

export interface OwnerPixlings {
  /** The user's card and freemint Pix still held in custody for them (signed in with Google or a wallet). */
  cardPurchases: CardPix[];
  walletOwned: Nft[];
}

export interface ChainHistory {
  /** The chain the wallet holds most on, else the primary chain; null while no chain is indexed. */
  preferredChain: number | null;
  /** Most first. */
  holdings: { chainId: number; count: number }[];
}

/** Limits of a Pix's custom name and story (docs/map.md#validation). */
export const CUSTOM_NAME_MAX = 50;
export const CUSTOM_DESCRIPTION_MAX = 500;

/**
 * `PATCH /api/owner/pixlings/{tokenId}`: only the Pix's current owner (a wallet of this user that
 * owns it on its chain, or its card buyer); null clears a field, an absent field stays. Artist Pix
 * answer 403; too long, control characters or markup 400. Answers the updated Nft.
 */
export interface UpdatePixStoryRequest {
  customName?: string | null;
  customDescription?: string | null;
  walletAddress?: string | null;
}

/**
 * `POST /api/owner/pixlings/{tokenId}/mint-to-wallet` (signed in; the Pix's card buyer only, 403
 * otherwise): custody transfers the card Pix to `walletAddress`, which must be a wallet linked to
 * this user and proven by Sign-In with Ethereum. Idempotent: a repeated call answers the same
 * transfer. 409 `frozen` while its order is frozen, `transfer_hold` (with its end) while the
 * cooling-off after a card payment runs.
 */
export const MINT_TO_WALLET_ERROR_CODES = ["frozen", "transfer_hold"] as const satisfies readonly ErrorCode[];

export interface MintToWalletRequest {
  walletAddress: string;
}

export interface MintToWalletResponse {
  tokenId: number;
  walletAddress: string;
  chainId: number;
  /** The transfer transaction once sent (null while queued). */
  txHash: string | null;
  /**
   * "queued" until sent, "pending" until mined, then "confirmed" (the Pix moves to the wallet tab
   * once the indexer has the transfer, about a second later).
   */
  status: "queued" | "pending" | "confirmed";
}
