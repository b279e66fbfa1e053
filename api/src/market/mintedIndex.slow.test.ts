// The minted index as the market uses it, over a real anvil chain and a real Ponder (PGlite, read
// over HTTP with its change notices): a mint shows without a request having to wait or poll for it,
// and a mint a reorg dropped disappears.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { custodyMint, eventually, mine, type TestChain } from "@pixlings/test-kit/indexer";
import { afterFirstNotice, startIndexedChain, type IndexedChain } from "@pixlings/test-kit/indexedChain";
import type { IndexerReader } from "../indexer/indexerReader.ts";
import type { Refreshing } from "./staleWhileRevalidate.ts";
import { MINTED_MAX_AGE_MS, mintedIndex } from "./mintedIndex.ts";
import type { MintedIndex } from "./tokenMirror.ts";

describe("minted index", () => {
  let fixture: IndexedChain | undefined;
  let eth: TestChain;
  let reader: IndexerReader;
  let minted: Refreshing<MintedIndex>;

  const inPonder = (id: number): Promise<boolean> => reader.saleFacts({ chainId: 31337, tokenIds: [id] }).then((facts) => facts.minted.length > 0);

  before(async () => {
    fixture = await startIndexedChain();
    ({ eth, reader } = fixture);
    minted = mintedIndex(reader);
    await minted.get();
  });
  after(async () => {
    await fixture?.stop();
  });

  it("shows a mint once Ponder has it, with no request in between (Ponder's notice started the sync)", async () => {
    await afterFirstNotice(reader, () => mine(eth, 1), "new blocks");
    await custodyMint(eth, [10]);
    await eventually(
      () => inPonder(10),
      () => "Ponder does not show 10",
    );
    // Longer than a sync takes here, and no get() meanwhile: only the notice can have synced.
    await sleep(300);
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
