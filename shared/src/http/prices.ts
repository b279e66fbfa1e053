/** `GET /api/crypto-prices`. */
import type { Network } from "../chains.ts";
import type { TierKey } from "../tiers.ts";

interface TierPrice {
  /** Decimal amount in the network's native coin (ETH or POL). */
  eth: string;
  usd: number;
}

export type NetworkPrices = Record<TierKey, TierPrice>;

export type CryptoPrices = Record<Network, NetworkPrices>;
