// The drop's chains: buyers funded in one go, blocks on a clock, and the count of ids minted more
// than once across both chains.
import { createPublicClient, createTestClient, http, parseEther, type Address, type PublicClient } from "viem";
import { mintedIds } from "@pixlings/test-kit/indexer";
import type { ProductionChain } from "@pixlings/test-kit/productionStack";

/** A client of the chain that batches JSON-RPC (funding sends hundreds of calls) and polls receipts often. */
export function batchedClients(chain: ProductionChain): { publicClient: PublicClient; test: ReturnType<typeof createTestClient> } {
  const transport = http(chain.chain.url, { batch: { batchSize: 200, wait: 2 }, timeout: 60_000 });
  return {
    publicClient: createPublicClient({ transport, pollingInterval: 250 }) as PublicClient,
    test: createTestClient({ mode: "anvil", transport }),
  };
}

export async function fundAll(chain: ProductionChain, addresses: readonly Address[]): Promise<void> {
  const { test } = batchedClients(chain);
  await Promise.all(addresses.map((address) => test.setBalance({ address, value: parseEther("1000") })));
}

/**
 * From now on a block every `seconds` holding what is pending, as a live chain does, instead of a
 * block per transaction: 1,000 buyers in a minute would otherwise be a thousand blocks, and the
 * sale pauses while the indexer is more than a few blocks behind (SALE_MAX_INDEXER_LAG_BLOCKS).
 */
export async function mineOnAClock(chain: ProductionChain, seconds: number): Promise<void> {
  await chain.test.setAutomine(false);
  await chain.test.setIntervalMining({ interval: seconds });
}

/** Every id minted (Transfer from zero) on `chains`, with how many times across them. */
export async function mintsPerId(chains: readonly ProductionChain[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  for (const c of chains) for (const id of await mintedIds(c.publicClient, c.address)) counts.set(id, (counts.get(id) ?? 0) + 1);
  return counts;
}
