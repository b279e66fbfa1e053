// How Ponder learns of a local chain's new blocks (patches/ponder@0.16.10.patch, indexer/README.md):
// anvil pushes each new head over the WebSocket, and Ponder still polls for the latest block. One
// anvil chain and a real Ponder per test: one that polls only every 5 minutes still indexes a mint
// (only a push can have told it), and one on the usual polling follows a revert to a shorter chain,
// which no push announces (unpatched Ponder, given a WebSocket URL, stops polling and never sees it).
// And a Ponder started on a port another process holds, which moves to the next port (its "Port in
// use" warning): its waits fail at once rather than asking the other process until they time out.
import assert from "node:assert/strict";
import net, { type AddressInfo } from "node:net";
import { after, test } from "node:test";
import { eq } from "@ponder/client";
import { fixtureChunk } from "@pixlings/test-kit/artFixtures";
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

const started: { chain: TestChain; indexer?: TestIndexer }[] = [];

after(async () => {
  for (const { chain, indexer } of started) {
    await indexer?.stop();
    await chain.chain.stop();
  }
});

async function chainAndIndexer(chainId: number, pollingMs?: number): Promise<{ chain: TestChain; indexer: TestIndexer }> {
  const chain = await startDeployedChain(chainId, [fixtureChunk(0)]);
  const entry: { chain: TestChain; indexer?: TestIndexer } = { chain };
  started.push(entry);
  const indexer = await startTestIndexer([chain], pollingMs === undefined ? {} : { pollingMs });
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
    entry.indexer = await startTestIndexer([chain], { port });
    await assert.rejects(entry.indexer.ponder.waitReady(120_000), new RegExp(`could not listen on port ${port}, which another process holds`));
  } finally {
    holder.close();
  }
});
