import { createPublicClient, http, type PublicClient } from "viem";

const clients = new Map<string, PublicClient>();

/**
 * One viem client per RPC URL (the server's own URL of a sale chain, never given to browsers).
 * Concurrent calls (a burst of buyers' balance checks) go as JSON-RPC batches.
 */
export function publicClientOf(chain: { rpcUrl: string }): PublicClient {
  let client = clients.get(chain.rpcUrl);
  if (!client)
    clients.set(chain.rpcUrl, (client = createPublicClient({ transport: http(chain.rpcUrl, { timeout: 10_000, retryCount: 1, batch: { batchSize: 50 } }) })));
  return client;
}
