import { createPublicClient, http, type PublicClient } from "viem";
import { outsideErrors } from "../metrics/registry.ts";

const clients = new Map<string, PublicClient>();

/**
 * One viem client per RPC URL (the server's own URL of a sale chain, never given to browsers).
 * Concurrent calls (a burst of buyers' balance checks) go as JSON-RPC batches.
 */
export function publicClientOf(chain: { rpcUrl: string }): PublicClient {
  let client = clients.get(chain.rpcUrl);
  if (!client)
    clients.set(
      chain.rpcUrl,
      (client = createPublicClient({
        transport: http(chain.rpcUrl, {
          timeout: 10_000,
          retryCount: 1,
          batch: { batchSize: 50 },
          // An RPC answering with an HTTP error, in the metrics (by host: never the URL, it may hold a key).
          onFetchResponse: (response) => {
            if (!response.ok) outsideErrors.inc({ service: "rpc", target: new URL(chain.rpcUrl).host });
          },
        }),
      })),
    );
  return client;
}
