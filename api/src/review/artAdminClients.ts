import { createPublicClient, createWalletClient, http, type Account, type PublicClient, type WalletClient } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { pixChain } from "@pixlings/shared/chains";
import type { SaleChain } from "../mint/saleConfig.ts";

/** How long one RPC request may take before a chain counts as not answering. */
const RPC_TIMEOUT_MS = 5_000;

export interface ArtAdminChain {
  chain: SaleChain;
  publicClient: PublicClient;
  walletClient: WalletClient;
}

/** The art-admin key's clients on every chain on sale (the server's RPC URLs, never shown to clients). */
export interface ArtAdmin {
  account: Account;
  chains: ReadonlyMap<number, ArtAdminChain>;
}

export function createArtAdmin(key: `0x${string}`, chains: readonly SaleChain[]): ArtAdmin {
  const account = privateKeyToAccount(key);
  return {
    account,
    chains: new Map(
      chains.map((chain) => {
        const transport = http(chain.rpcUrl, { timeout: RPC_TIMEOUT_MS, retryCount: 0 });
        const viemChain = pixChain(chain.chainId).chain;
        return [
          chain.chainId,
          {
            chain,
            publicClient: createPublicClient({ chain: viemChain, transport }),
            walletClient: createWalletClient({ account, chain: viemChain, transport }),
          },
        ];
      }),
    ),
  };
}
