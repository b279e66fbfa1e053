import { httpIndexerChanges } from "@pixlings/api/testing";
import { httpIndexerDb } from "@pixlings/api/testing";
import { createIndexerReader, type IndexerReader } from "@pixlings/api/testing";
import { fixtureChunk } from "./artFixtures.ts";
import { eventually, startDeployedChain, startTestIndexer, waitCaughtUp, type TestChain, type TestIndexer } from "./indexer.ts";

export interface IndexedChain {
  eth: TestChain;
  indexer: TestIndexer;
  /** The API's reader of `indexer` over HTTP (its /sql), told of changes by Ponder's live query. */
  reader: IndexerReader;
  /** Closes the reader's change feed, then stops Ponder and the chain. */
  stop(): Promise<void>;
}

/**
 * Local Ethereum (31337) with fixture art for ids 1..249, a real Ponder (PGlite) caught up on it,
 * and the API's reader of that Ponder over HTTP, as the market reads it.
 */
export async function startIndexedChain(): Promise<IndexedChain> {
  const eth = await startDeployedChain(31337, [fixtureChunk(0)]);
  let indexer: TestIndexer | undefined;
  try {
    indexer = await startTestIndexer([eth]);
    await waitCaughtUp(indexer, [eth]);
  } catch (error) {
    await indexer?.stop();
    await eth.chain.stop();
    throw error;
  }
  const started = indexer;
  const changes = httpIndexerChanges(started.url);
  return {
    eth,
    indexer: started,
    reader: createIndexerReader(httpIndexerDb(started.url), started.url, changes),
    stop: async () => {
      await changes.close();
      await started.stop();
      await eth.chain.stop();
    },
  };
}

/**
 * Listens to `reader`'s change notices, calling `poke` (a new block, a mint: `pokes` says which)
 * until the first one arrives: the stream is open only once the indexer has answered it, and a
 * change before that goes unnoticed. Then runs `then` with the count of notices so far, still
 * listening, and stops listening.
 */
export async function afterFirstNotice(
  reader: Pick<IndexerReader, "onChange">,
  poke: () => Promise<unknown>,
  pokes: string,
  then: (notices: () => number) => Promise<void> = async () => undefined,
): Promise<void> {
  let notices = 0;
  const unsubscribe = reader.onChange(() => notices++);
  try {
    await eventually(
      async () => {
        await poke();
        return notices > 0;
      },
      () => `no change notice after ${pokes}`,
      10_000,
    );
    await then(() => notices);
  } finally {
    unsubscribe();
  }
}
