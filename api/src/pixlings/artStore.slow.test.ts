// The art store over a real anvil chain and a real Ponder (PGlite, over HTTP): art indexed after the
// store's last check is found at once, not after its background refresh period.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { eventually, startDeployedChain, startTestIndexer, uploadMoreArt, waitCaughtUp, type TestChain, type TestIndexer } from "@pixlings/test-kit/indexer";
import { fixtureChunk } from "@pixlings/test-kit/artFixtures";
import { httpIndexerDb } from "../indexer/indexerDb.ts";
import { createIndexerReader, type IndexerReader } from "../indexer/indexerReader.ts";
import { createArtStore } from "./artStore.ts";

describe("art store", () => {
  let eth: TestChain;
  let indexer: TestIndexer;
  let reader: IndexerReader;

  before(async () => {
    eth = await startDeployedChain(31337, [fixtureChunk(0)]);
    indexer = await startTestIndexer([eth]);
    await waitCaughtUp(indexer, [eth]);
    reader = createIndexerReader(httpIndexerDb(indexer.url), indexer.url);
  });
  after(async () => {
    await indexer?.stop();
    await eth?.chain.stop();
  });

  it("looks a missing piece up again before calling it missing, at most every 250 ms", async () => {
    let epochChecks = 0;
    const counting: IndexerReader = {
      ...reader,
      artEpoch: () => {
        epochChecks++;
        return reader.artEpoch();
      },
    };
    // A refresh period far beyond the test: only a miss can make the store look again.
    const store = createArtStore(counting, 3_600_000);
    assert.equal((await store.get(1))?.tokenId, 1);
    assert.equal(await store.get(300), undefined, "chunk 1 (ids 250-499) is not uploaded yet");

    await uploadMoreArt(eth, [fixtureChunk(1)]);
    await eventually(
      async () => (await reader.art(300)) !== undefined,
      () => "Ponder never indexed chunk 1",
    );
    await sleep(300);
    assert.equal((await store.get(300))?.tokenId, 300);

    // Misses of art that does not exist: one check, then none until 250 ms have passed.
    await sleep(300);
    const before = epochChecks;
    await Promise.all(Array.from({ length: 20 }, () => store.get(600)));
    assert.equal(await store.get(600), undefined);
    assert.equal(epochChecks - before, 1);
  });
});
