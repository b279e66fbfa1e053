import type { Hex } from "viem";
import { waitCaughtUp, type TestChain, type TestIndexer } from "./indexer.ts";

/**
 * Reverts `chain` to `snapshot` (the first step of a reorg; the caller then grows the other fork),
 * once `indexer` has indexed the chain up to its head. anvil's revert forgets the blocks it drops,
 * which a real node keeps by hash: Ponder, fetching the logs of a block it has just seen as the
 * head, then gets "unknown block" and retries that `eth_getLogs` for about a minute, following
 * nothing on the chain meanwhile (indexer/test/reorgMidFetch.slow.test.ts). Indexed up to the
 * head, it has every dropped block's logs and sees the reorg only through the blocks of the other
 * fork, which stay. No block may be added to the old fork meanwhile.
 */
export async function revertOnceIndexed(chain: TestChain, indexer: TestIndexer, snapshot: Hex, timeoutMs?: number): Promise<void> {
  await waitCaughtUp(indexer, [chain], timeoutMs);
  await chain.test.revert({ id: snapshot });
}
