// The minted index as the market uses it, over a real anvil chain and a real Ponder (PGlite, read
// over HTTP with its change notices): a mint shows without a request having to wait or poll for it,
// and a mint a reorg dropped disappears.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { custodyMint, eventually, mine, type TestChain } from "@pixlings/test-kit/indexer";
import { afterFirstNotice, startIndexedChain, type IndexedChain } from "@pixlings/test-kit/indexedChain";
import type { IndexerReader } from "../indexer/indexerReader.ts";
import type { ChainTokenChanges } from "../indexer/queries/readTokenChanges.ts";
import type { Refreshing } from "./staleWhileRevalidate.ts";
import { MINTED_MAX_AGE_MS, mintedIndex } from "./mintedIndex.ts";
import type { MintedIndex } from "./tokenMirror.ts";

describe("minted index", () => {
  let fixture: IndexedChain | undefined;
  let eth: TestChain;
  let reader: IndexerReader;
  let minted: Refreshing<MintedIndex>;
  /** Every answer of the reads of changed tokens the index made, in order. */
  const answers: ChainTokenChanges[][] = [];

  const inPonder = (id: number): Promise<boolean> => reader.saleFacts({ chainId: 31337, tokenIds: [id] }).then((facts) => facts.minted.length > 0);

  before(async () => {
    fixture = await startIndexedChain();
    ({ eth, reader } = fixture);
    const read = reader.tokenChanges;
    const watched: IndexerReader = {
      ...reader,
      tokenChanges: async (since) => {
        const answer = await read(since);
        answers.push(answer);
        return answer;
      },
    };
    minted = mintedIndex(watched);
    await minted.get();
  });
  after(async () => {
    await fixture?.stop();
  });

  it("shows a mint once Ponder has it, with no request in between (Ponder's notice started the sync)", async () => {
    await afterFirstNotice(reader, () => mine(eth, 1), "new blocks");
    await custodyMint(eth, [10]);
    // No get() meanwhile: only a change notice can start a read, and one read answers with 10.
    const readsBefore = answers.length;
    await eventually(
      async () => answers.slice(readsBefore).some((answer) => answer.some((chain) => chain.changed.some((row) => row.tokenId === 10))),
      () => `no read after the mint answered with 10 (${answers.length - readsBefore} reads)`,
    );
    // The read's answer is applied before the next timer: this get() only looks.
    const first = await minted.get();
    assert.equal(first.byToken.has(10), true, "the first get() after the mint already shows it");
  });

  it("drops a mint that a reorg removed, within the polling bound even without a new notice", async () => {
    const snapshot = await eth.test.snapshot();
    await custodyMint(eth, [20]);
    await eventually(
      async () => (await minted.get()).byToken.has(20),
      () => "20 never shown",
    );

    await eth.test.revert({ id: snapshot });
    await custodyMint(eth, [21]);
    await mine(eth, 2);
    await eventually(
      async () => (await inPonder(21)) && !(await inPonder(20)),
      () => "Ponder did not follow the reorg",
    );
    // Gets every 20 ms: within the polling bound plus a full read, 20 is gone and 21 shown.
    const started = performance.now();
    await eventually(
      async () => {
        const index = await minted.get();
        return !index.byToken.has(20) && index.byToken.has(21);
      },
      () => "the index still shows the dropped mint",
      5_000,
    );
    assert.ok(performance.now() - started < MINTED_MAX_AGE_MS + 1_000, `${Math.round(performance.now() - started)} ms`);
  });
});
