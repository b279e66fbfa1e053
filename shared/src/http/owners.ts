/**
 * What wallets own, from the chains: `GET /api/owner/wallet/{address}` (Nft[]),
 * `GET /api/owner/pixlings` (OwnerPixlings; 401 without a session),
 * `GET /api/owner/pixlings/{tokenId}?walletAddress=` (Nft; 401, 404), `GET /api/wallet/chain-history?address=` (ChainHistory).
 */
import type { Nft } from "./nfts.ts";

export interface OwnerPixlings {
  /** Card payments come later: always empty. */
  cardPurchases: never[];
  walletOwned: Nft[];
}

export interface ChainHistory {
  /** The chain the wallet holds most on, else the primary chain; null while no chain is indexed. */
  preferredChain: number | null;
  /** Most first. */
  holdings: { chainId: number; count: number }[];
}
