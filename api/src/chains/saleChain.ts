import type { Address } from "viem";
import type { Network } from "@pixlings/shared/chains";
import type { NativeCoin } from "@pixlings/shared/tiers";

/** A chain Pixlings sells on: the indexer's list, so the API and the indexer always agree. */
export interface SaleChain {
  chainId: number;
  name: string;
  network: Network;
  coin: NativeCoin;
  /** Whether it is a local dev chain (pixChain(id).local): any other one brings the production rules. */
  local: boolean;
  /** The server's RPC URL (may carry an API key: never shown to clients). */
  rpcUrl: string;
  /** The RPC URL browsers get (GET /api/chains): publicRpcUrlOf. */
  publicRpcUrl: string;
  contract: Address;
  /** The block the indexer reads it from (its deployment's): what the API database's records of the chain name. */
  startBlock: number;
  explorerUrl: string | null;
  gasLabel: string;
  /** Confirmations /api/mint/specific waits for. */
  confirmations: number;
}
