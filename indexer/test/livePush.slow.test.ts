// How Ponder learns of a local chain's new blocks (patches/ponder@0.16.10.patch, indexer/README.md):
// anvil pushes each new head over the WebSocket, and Ponder still polls for the latest block. One
// anvil chain and a real Ponder per test: one that polls only every 5 minutes still indexes a mint
// (only a push can have told it), and one on the usual polling follows a revert to a shorter chain,
// which no push announces (unpatched Ponder, given a WebSocket URL, stops polling and never sees it).
// Pushes that arrive late, after a poll's answer of a newer block, are dropped rather than taken for
// a reorg. And a Ponder started on a port another process holds, which moves to the next port (its "Port in
// use" warning): its waits fail at once rather than asking the other process until they time out.
import assert from "node:assert/strict";
import net, { type AddressInfo } from "node:net";
import { after, test } from "node:test";
import { eq } from "@ponder/client";
import { fixtureChunk } from "@pixlings/test-kit/artFixtures";
import { startSlowLogsProxy, type SlowLogsProxy } from "@pixlings/test-kit/slowLogsProxy";
import {
  custodyMint,
  eventually,
  mine,
  schema,
  startDeployedChain,
  startTestIndexer,
  waitCaughtUp,
  type TestChain,
  type TestIndexer,
} from "@pixlings/test-kit/indexer";

const started: { chain: TestChain; indexer?: TestIndexer; proxy?: SlowLogsProxy }[] = [];

after(async () => {
  for (const { chain, indexer, proxy } of started) {
    await indexer?.stop();
    await proxy?.close();
    await chain.chain.stop();
  }
});

/** The block Ponder has indexed the chain up to (its `_ponder_checkpoint`, through /status). */
async function indexedBlock(indexer: TestIndexer, chainId: number): Promise<number> {
  const status = (await (await fetch(`${indexer.url}/status`)).json()) as Record<string, { id: number; block: { number: number } }>;
  return Object.values(status).find((s) => s.id === chainId)?.block.number ?? -1;
}

async function chainAndIndexer(chainId: number, pollingMs?: number): Promise<{ chain: TestChain; indexer: TestIndexer }> {
  const chain = await startDeployedChain(chainId, [fixtureChunk(0)]);
  const entry: { chain: TestChain; indexer?: TestIndexer } = { chain };
  started.push(entry);
  const indexer = await startTestIndexer([chain], { pglite: true, ...(pollingMs === undefined ? {} : { pollingMs }) });
  entry.indexer = indexer;
  await indexer.ponder.waitReady();
  return { chain, indexer };
}

const ownerIndexed = async (indexer: TestIndexer, id: number): Promise<string | undefined> =>
  (await indexer.client.db.select().from(schema.token).where(eq(schema.token.tokenId, id)))[0]?.owner;

test("a new block reaches Ponder as anvil pushes it: polling every 5 minutes, a mint is indexed within a minute", async () => {
  const POLL_MS = 300_000;
  const { chain, indexer } = await chainAndIndexer(31337, POLL_MS);
  await custodyMint(chain, [3]);
  // A block mined before Ponder's subscription began is announced by no push; every later one is,
  // and brings the blocks before it. So one more block a second until the mint shows.
  const blocks = setInterval(() => void mine(chain, 1).catch(() => undefined), 1_000);
  try {
    await eventually(
      async () => (await ownerIndexed(indexer, 3)) === chain.custody.address.toLowerCase(),
      () => `mint of 3 not indexed; Ponder:\n${indexer.ponder.output()}`,
      60_000,
    );
  } finally {
    clearInterval(blocks);
  }
});

test("a revert to a shorter chain, which no push announces, is followed by the poll", async () => {
  const { chain, indexer } = await chainAndIndexer(31338);
  const snapshot = await chain.test.snapshot();
  await custodyMint(chain, [5]);
  await waitCaughtUp(indexer, [chain]);
  assert.equal(await ownerIndexed(indexer, 5), chain.custody.address.toLowerCase());
  await chain.test.revert({ id: snapshot });
  await eventually(
    async () => (await ownerIndexed(indexer, 5)) === undefined,
    () => `the reverted mint of 5 is still indexed; Ponder:\n${indexer.ponder.output()}`,
  );
});

test("a Ponder whose port another process holds fails its wait at once, naming the port", async () => {
  // Another test's webhook relay once held the port: it answered 502 while Ponder served elsewhere.
  const holder = net.createServer((socket) => socket.end("HTTP/1.1 502 Bad Gateway\r\ncontent-length: 0\r\n\r\n"));
  await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
  const { port } = holder.address() as AddressInfo;
  try {
    const chain = await startDeployedChain(31337, [fixtureChunk(0)]);
    const entry: { chain: TestChain; indexer?: TestIndexer } = { chain };
    started.push(entry);
    entry.indexer = await startTestIndexer([chain], { port, pglite: true });
    await assert.rejects(entry.indexer.ponder.waitReady(120_000), new RegExp(`could not listen on port ${port}, which another process holds`));
  } finally {
    holder.close();
  }
});

test("pushes arriving after a poll's answer of a newer block are not taken for a reorg: the indexed block never goes back", async () => {
  const chain = await startDeployedChain(31337, [fixtureChunk(0)]);
  const proxy = await startSlowLogsProxy(chain.chain.url);
  const entry: (typeof started)[number] = { chain, proxy };
  started.push(entry);
  // Polled every 100 ms (not the local 500): the poll must see the newest block well before the
  // late pushes arrive, or the test no longer tests what it is for.
  const indexer = await startTestIndexer([{ ...chain, chain: { ...chain.chain, url: proxy.url } }], { pollingMs: 100, pglite: true });
  entry.indexer = indexer;
  await waitCaughtUp(indexer, [chain]);
  // The 30 blocks' pushes come a second late, long after the 100 ms poll has seen the newest: before
  // 27 Nov each late push (block 5, 6, ...) was a "reorg" back to it, and every block after it was
  // indexed again one by one (a sale paused meanwhile: "catching up with block 7 of 35").
  proxy.pushDelayMs = 1_000;
  const head = Number(await chain.clients.publicClient.getBlockNumber()) + 30;
  const seen: number[] = [];
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const block = await indexedBlock(indexer, chain.chainId).catch(() => -1);
      if (block >= 0 && block !== seen.at(-1)) seen.push(block);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  try {
    await mine(chain, 30);
    await eventually(
      async () => (await indexedBlock(indexer, chain.chainId)) >= head,
      async () => `indexed up to ${await indexedBlock(indexer, chain.chainId)} of ${head}`,
      60_000,
    );
    // Until every late push has arrived and been handled.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
  } finally {
    sampling = false;
    await sampler;
    proxy.pushDelayMs = 0;
  }
  assert.deepEqual(
    seen.filter((block, i) => i > 0 && block < seen[i - 1]!),
    [],
    `the indexed block went back: ${seen.join(" ")}`,
  );
  assert.equal(seen.at(-1), head);
});
