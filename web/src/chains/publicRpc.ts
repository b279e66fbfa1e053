// Loaded on demand (verify on-chain, the gas tip, the wallet test page): viem's public client.
import type { ChainInfo } from "@pixlings/shared/http/sale";
import { createPublicClient, http, type PublicClient } from "viem";
import { toWagmiChain } from "../wallet/toWagmiChain.ts";

/** How long one RPC call may take before the chain counts as unreachable. */
const RPC_TIMEOUT_MS = 10_000;

const clients = new Map<string, PublicClient>();

/**
 * A read-only client on the chain's public RPC (`GET /api/chains` gives browsers only public URLs),
 * straight from the browser: no wallet, no API in between. No retries: a chain that does not
 * answer is reported as such, at once.
 */
export function publicClientOf(chain: ChainInfo): PublicClient {
  const key = `${chain.chainId} ${chain.rpcUrl}`;
  let client = clients.get(key);
  if (!client) {
    client = createPublicClient({ chain: toWagmiChain(chain), transport: http(chain.rpcUrl, { retryCount: 0, timeout: RPC_TIMEOUT_MS }) });
    clients.set(key, client);
  }
  return client;
}
