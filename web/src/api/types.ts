/** Response shapes of the Pixlings HTTP API (its routes: api/README.md). */
import type { Address, Hash, Hex } from "viem";
import type { Network } from "@pixlings/shared/chains";
import type { TierKey, TierName } from "@pixlings/shared/tiers";

export type { Network, TierKey };

export type Rarity = TierName;
export type Coin = "ETH" | "POL";

import type { Nft } from "@pixlings/shared/nft";

export type { Nft };

export interface User {
  firstName: string | null;
  username: string | null;
  email: string | null;
  walletAddress: string | null;
  isAdmin: boolean;
}

export interface Stats {
  total: number;
  minted: number;
  owners: number;
  available: number;
}

export interface ChainInfo {
  chainId: number;
  name: string;
  network: Network;
  coin: Coin;
  contract: Address;
  rpcUrl: string;
  explorerUrl: string | null;
  gasLabel: string;
  primary: boolean;
}

export interface TierPrice {
  /** Decimal amount in the chain's native coin (ETH or POL). */
  eth: string;
  usd: number;
}
export type NetworkPrices = Record<TierKey, TierPrice>;
export type CryptoPrices = Record<Network, NetworkPrices>;

export interface AvailablePage {
  nfts: Nft[];
  pagination: { page: number; limit: number; total: number; totalPages: number };
}

export interface OwnerPixlings {
  cardPurchases: unknown[];
  walletOwned: Nft[];
}

export interface ChainHistory {
  preferredChain: number;
  holdings: { chainId: number; count: number }[];
}

export interface MintAuthorization {
  voucher: { chainId: number; contract: Address; recipient: Address; ids: number[]; deadline: number; signature: Hex };
  /** Wei, decimal string: the sum of the tier prices on that chain. */
  value: string;
  reservedUntil: string;
}

export interface MintRecord {
  txHash: Hash;
  chainId: number;
  tokenIds: number[];
}

/** Extra fields an API error body may carry besides `message`. */
export interface ApiErrorBody {
  message?: string;
  code?: string;
  tokenIds?: number[];
  chainId?: number;
  reservedUntil?: string;
  retryAfter?: number;
}
