// The token mirror against a real anvil chain and a real Ponder (PGlite, read over its /sql): it
// reads only the changed rows while the chain moves forward, and every row after a reorg.
import assert from "node:assert/strict";
import { createServer, type Server, type Socket } from "node:net";
import { after, before, describe, it } from "node:test";
import { getAddress } from "viem";
import { custodyMint, eventually, mine, testAccount, transfer, voucherMint, type TestChain } from "@pixlings/test-kit/indexer";
import { afterFirstNotice, startIndexedChain, type IndexedChain } from "@pixlings/test-kit/indexedChain";
import { httpIndexerDb } from "../indexer/indexerDb.ts";
import { createIndexerReader, type IndexerReader } from "../indexer/indexerReader.ts";
import { createTokenMirror, type MintedIndex, type TokenMirror } from "./tokenMirror.ts";

const alice = testAccount("mirror-alice");
const bob = testAccount("mirror-bob");
const HOUR_MS = 3_600_000;

/** The index as plain data: token id -> "chain:owner", and owner -> sorted "chain:id" list. */
function contentOf(index: MintedIndex): { byToken: Record<number, string>; byOwner: Record<string, string[]> } {
  const byToken = Object.fromEntries([...index.byToken].map(([id, t]) => [id, `${t.chainId}:${t.owner}`]));
  const byOwner = Object.fromEntries([...index.byOwner].map(([owner, list]) => [owner, list.map((t) => `${t.chainId}:${t.tokenId}`).sort()]));
  return { byToken, byOwner };
}

/** The same, built from a full read of the token table. */
async function expectedContent(reader: IndexerReader): Promise<ReturnType<typeof contentOf>> {
  const tokens = await reader.mintedTokens();
  const byToken: Record<number, string> = {};
  const byOwner: Record<string, string[]> = {};
  for (const t of tokens) {
    byToken[t.tokenId] ??= `${t.chainId}:${t.owner}`;
    (byOwner[t.owner.toLowerCase()] ??= []).push(`${t.chainId}:${t.tokenId}`);
  }
  for (const list of Object.values(byOwner)) list.sort();
  return { byToken, byOwner };
}

describe("token mirror", () => {
  let fixture: IndexedChain | undefined;
  let eth: TestChain;
  let reader: IndexerReader;
  let mirror: TokenMirror;

  /** Waits until Ponder shows `check` true over a full read. */
  const indexed = (what: string, check: (ids: Map<number, string>) => boolean): Promise<void> =>
    eventually(
      async () => check(new Map((await reader.mintedTokens()).map((t) => [t.tokenId, t.owner]))),
      async () => `${what}: ${JSON.stringify(await reader.mintedTokens())}`,
    );

  before(async () => {
    fixture = await startIndexedChain();
    ({ eth, reader } = fixture);
    mirror = createTokenMirror((since) => reader.tokenChanges(since), { fullReadMs: HOUR_MS, timeoutMs: 5_000 });
  });
  after(async () => {
    await fixture?.stop();
  });

  it("starts with one full read, then reads only what changed: mints, transfers, nothing", async () => {
    const empty = await mirror.sync();
    assert.deepEqual(mirror.reads, { incremental: 0, full: 1 });
    assert.equal(empty.byToken.size, 0);

    await voucherMint(eth, alice, [1, 2]);
    await custodyMint(eth, [3]);
    await indexed("mints 1-3", (ids) => ids.size === 3);
    const minted = await mirror.sync();
    assert.deepEqual(mirror.reads, { incremental: 1, full: 1 });
    assert.deepEqual(contentOf(minted), await expectedContent(reader));
    assert.equal(minted.byToken.get(1)?.owner, getAddress(alice.address));

    // Nothing new: no row comes back, and the index (and its stamp) stays the same object.
    const again = await mirror.sync();
    assert.equal(again, minted);
    const [chain] = await reader.tokenChanges(new Map([[eth.chainId, await lastBlock()]]));
    assert.deepEqual(chain?.changed, []);
    assert.equal(chain?.sums.count, 3);

    await transfer(eth, alice, bob.address, 2);
    await indexed("2 moved to bob", (ids) => ids.get(2)?.toLowerCase() === bob.address.toLowerCase());
    const moved = await mirror.sync();
    assert.notEqual(moved.stamp, minted.stamp);
    assert.deepEqual(contentOf(moved), await expectedContent(reader));
    assert.deepEqual(
      moved.byOwner.get(bob.address.toLowerCase())?.map((t) => t.tokenId),
      [2],
    );
    assert.deepEqual(
      moved.byOwner.get(alice.address.toLowerCase())?.map((t) => t.tokenId),
      [1],
    );
    assert.deepEqual(mirror.reads, { incremental: 3, full: 1 });
  });

  async function lastBlock(): Promise<bigint> {
    const [chain] = await reader.tokenChanges(new Map());
    return chain?.sums.maxBlock ?? -1n;
  }

  it("reads every row when a reorg swaps a mint for another in a block of the same number", async () => {
    const snapshot = await eth.test.snapshot();
    await custodyMint(eth, [5]);
    await indexed("mint 5", (ids) => ids.has(5));
    assert.ok((await mirror.sync()).byToken.has(5));
    const before = { ...mirror.reads };

    await eth.test.revert({ id: snapshot });
    await custodyMint(eth, [6]);
    await mine(eth, 3);
    await indexed("6 instead of 5", (ids) => ids.has(6) && !ids.has(5));
    const after = await mirror.sync();
    assert.equal(after.byToken.has(5), false);
    assert.equal(after.byToken.has(6), true);
    assert.deepEqual(contentOf(after), await expectedContent(reader));
    assert.equal(mirror.reads.full, before.full + 1, "the sums showed the reorg");
  });

  it("reads every row when a reorg undoes a transfer (the row goes back to an earlier block)", async () => {
    const snapshot = await eth.test.snapshot();
    await transfer(eth, alice, bob.address, 1);
    await indexed("1 moved to bob", (ids) => ids.get(1)?.toLowerCase() === bob.address.toLowerCase());
    assert.equal((await mirror.sync()).byToken.get(1)?.owner, getAddress(bob.address));
    const before = { ...mirror.reads };

    await eth.test.revert({ id: snapshot });
    await mine(eth, 3);
    await indexed("1 back with alice", (ids) => ids.get(1)?.toLowerCase() === alice.address.toLowerCase());
    const after = await mirror.sync();
    assert.equal(after.byToken.get(1)?.owner, getAddress(alice.address));
    assert.deepEqual(contentOf(after), await expectedContent(reader));
    assert.equal(mirror.reads.full, before.full + 1);
  });

  it("keeps the index (its stamp and token objects) when a periodic full read finds nothing new; a quick sync skips it", async () => {
    const everyTime = createTokenMirror((since) => reader.tokenChanges(since), { fullReadMs: 0, timeoutMs: 5_000 });
    const first = await everyTime.sync();
    const second = await everyTime.sync();
    assert.deepEqual(everyTime.reads, { incremental: 0, full: 2 });
    assert.equal(second, first);
    assert.deepEqual(contentOf(second), await expectedContent(reader));
    assert.equal(await everyTime.sync({ quick: true }), first);
    assert.deepEqual(everyTime.reads, { incremental: 1, full: 2 });
  });

  it("runs concurrent syncs side by side, at most 3 reads at once, all ending on the latest index", async () => {
    let inFlight = 0;
    let peak = 0;
    let calls = 0;
    const counted = createTokenMirror(
      async (since) => {
        calls++;
        peak = Math.max(peak, ++inFlight);
        try {
          return await reader.tokenChanges(since);
        } finally {
          inFlight--;
        }
      },
      { fullReadMs: HOUR_MS, timeoutMs: 5_000 },
    );
    await counted.sync();
    const results = await Promise.all(Array.from({ length: 8 }, () => counted.sync()));
    assert.equal(peak, 3);
    assert.equal(new Set(results).size, 1);
    assert.equal(results[0], counted.latest());
    // Each sync read once (an answer overtaken by a later one is dropped, not counted as applied).
    assert.equal(calls, 9);
    assert.equal(counted.reads.full, 1);
  });

  it("does not wait for a read sent before a mint, nor let its late answer undo the mint", async () => {
    // The first read answers only when released: an indexer held back on one request.
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    let calls = 0;
    const heldBack = createTokenMirror(
      async (since) => {
        const answer = await reader.tokenChanges(since);
        if (++calls === 2) await released;
        return answer;
      },
      { fullReadMs: HOUR_MS, timeoutMs: 30_000 },
    );
    await heldBack.sync();
    const slow = heldBack.sync();
    await custodyMint(eth, [30]);
    await indexed("mint 30", (ids) => ids.has(30));
    const fast = await heldBack.sync();
    assert.equal(fast.byToken.has(30), true);
    release();
    assert.equal(await slow, fast, "the older answer was dropped");
    assert.equal(heldBack.latest()?.byToken.has(30), true);
  });

  it("tells when Ponder committed a block, over its live query", async () => {
    let nextId = 100;
    await afterFirstNotice(
      reader,
      () => custodyMint(eth, [nextId++]),
      "mints",
      async (notices) => {
        const seen = notices();
        await mine(eth, 1);
        await eventually(
          async () => notices() > seen,
          () => "no notice after an empty block",
          5_000,
        );
      },
    );
  });

  describe("against an indexer that never answers", () => {
    let server: Server;
    const sockets = new Set<Socket>();
    before(async () => {
      server = createServer((socket) => void sockets.add(socket));
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    });
    after(async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    });

    it("fails a sync after its timeout, and the next sync is not stuck behind it", async () => {
      const address = server.address();
      assert.ok(address && typeof address === "object");
      const hung = createIndexerReader(httpIndexerDb(`http://127.0.0.1:${address.port}`), `http://127.0.0.1:${address.port}`);
      const stuck = createTokenMirror((since) => hung.tokenChanges(since), { fullReadMs: HOUR_MS, timeoutMs: 200 });
      const started = performance.now();
      await assert.rejects(stuck.sync(), /no answer within 200 ms/);
      await assert.rejects(stuck.sync(), /no answer within 200 ms/);
      assert.ok(performance.now() - started < 2_000);
      assert.equal(stuck.latest(), undefined);
    });
  });
});
