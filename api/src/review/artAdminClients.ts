import type { Chain, LocalAccount, PublicClient } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { pixChain } from "@pixlings/shared/chains";
import { publicClientOf } from "../chains/publicClientOf.ts";
import type { SaleChain } from "../chains/saleChain.ts";

export interface ArtAdminChain {
  chain: SaleChain;
  /** The API's one client of this chain's RPC URL (reads, estimates, broadcasts). */
  publicClient: PublicClient;
  /** What transactions are signed for (their chain id). */
  viemChain: Chain;
}

/** How a chain's job retries a failed try: `maxAttempts` tries, the first retry after `retryMs`, then 4x longer each (at most 5 min). */
interface ArtRetry {
  maxAttempts: number;
  retryMs: number;
}

/** The art-admin key (it signs locally) and the chains on sale (the server's RPC URLs, never shown to clients). */
export interface ArtAdmin {
  account: LocalAccount;
  chains: ReadonlyMap<number, ArtAdminChain>;
  retry: ArtRetry;
}

/** What approving needs of the chains (reads): a web process has these, and no art-admin key. */
export type ArtAdminReads = Pick<ArtAdmin, "chains">;

export function artAdminReads(chains: readonly SaleChain[]): ArtAdminReads {
  return {
    chains: new Map(chains.map((chain) => [chain.chainId, { chain, publicClient: publicClientOf(chain), viemChain: pixChain(chain.chainId).chain }])),
  };
}

export function createArtAdmin(key: `0x${string}`, chains: readonly SaleChain[], retry: ArtRetry): ArtAdmin {
  return { account: privateKeyToAccount(key), ...artAdminReads(chains), retry };
}
