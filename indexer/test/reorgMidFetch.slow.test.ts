// A reorg that lands while Ponder fetches the logs of the block it drops. One anvil chain, a real
// Ponder reaching it through a proxy that sees (and can slow) each `eth_getLogs` by block hash, so
// the reorg comes exactly while that call is on its way. anvil's revert forgets the dropped block
// (a real node keeps it by hash): Ponder, answered "unknown block", retries the call for about a
// minute and follows nothing meanwhile. The test kit's `revertOnceIndexed` waits for the indexer
// first; the second test shows the stall it avoids (it is last: the indexer stays stuck).
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { eq } from "@ponder/client";
import type { Hex } from "viem";
import { fixtureChunk } from "@pixlings/test-kit/artFixtures";
import { custodyMint, mine, schema, startDeployedChain, startTestIndexer, waitCaughtUp, type TestChain, type TestIndexer } from "@pixlings/test-kit/indexer";
import { revertOnceIndexed } from "@pixlings/test-kit/reorg";
import { startSlowLogsProxy, type SlowLogsProxy } from "@pixlings/test-kit/slowLogsProxy";

/** How long the proxy keeps each block's `eth_getLogs` from the chain while a test holds them: a slow node. */
const HOLD_MS = 2_000;

let eth: TestChain;
let proxy: SlowLogsProxy;
let indexer: TestIndexer;

before(async () => {
  eth = await startDeployedChain(31337, [fixtureChunk(0)]);
  proxy = await startSlowLogsProxy(eth.chain.url);
  indexer = await startTestIndexer([{ ...eth, chain: { ...eth.chain, url: proxy.url } }], { pglite: true });
  await waitCaughtUp(indexer, [eth]);
});

after(async () => {
  await indexer?.stop();
  await proxy?.close();
  await eth?.chain.stop();
});

const ownerIndexed = async (id: number): Promise<string | undefined> =>
  (await indexer.client.db.select().from(schema.token).where(eq(schema.token.tokenId, id)))[0]?.owner;

/** A custody mint of `id` on a fork from `snapshot`; resolves once Ponder asks for its block's logs (held HOLD_MS). */
async function mintWhileFetchHeld(id: number): Promise<{ snapshot: Hex; blockHash: Hex }> {
  const snapshot = await eth.test.snapshot();
  proxy.holdMs = HOLD_MS;
  try {
    const { hash } = await custodyMint(eth, [id]);
    const { blockHash } = await eth.clients.publicClient.getTransactionReceipt({ hash });
    await proxy.asked(blockHash);
    return { snapshot, blockHash };
  } finally {
    proxy.holdMs = 0;
  }
}

test("revertOnceIndexed: a reorg while the indexer fetches the dropped block's logs; the indexer has them first and follows the longer fork", async () => {
  const { snapshot } = await mintWhileFetchHeld(7);
  await revertOnceIndexed(eth, indexer, snapshot);
  await custodyMint(eth, [8]);
  await mine(eth, 2);
  await waitCaughtUp(indexer, [eth]);
  assert.deepEqual(proxy.failed, [], "no logs asked for of a block the chain had forgotten");
  assert.equal(await ownerIndexed(7), undefined, "the dropped mint is gone");
  assert.equal(await ownerIndexed(8), eth.custody.address.toLowerCase());
});

test("premise: reverted while Ponder fetches the logs of the dropped block, it is answered 'unknown block' and asks for that block again", async () => {
  const { snapshot, blockHash } = await mintWhileFetchHeld(9);
  await eth.test.revert({ id: snapshot });
  await mine(eth, 2);
  // Each retry of Ponder's (ten, 125 ms doubling: about 64 s in all) asks again for the block no chain has.
  await proxy.asked(blockHash, 3);
  assert.ok(proxy.failed.includes(blockHash.toLowerCase()), `failed: ${proxy.failed.join()}`);
  // Meanwhile the chain's live sync waits on that call: the longer fork is not indexed.
  const head = Number(await eth.clients.publicClient.getBlockNumber());
  const status = (await (await fetch(`${indexer.url}/status`)).json()) as Record<string, { id: number; block: { number: number } }>;
  const indexed = Object.values(status).find((s) => s.id === eth.chainId)?.block.number;
  assert.ok(indexed !== undefined && indexed < head, `indexed up to ${indexed} of ${head}`);
});
