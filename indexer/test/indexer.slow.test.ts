import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import type { Art } from "@pixlings/shared/art/codec";
import { CELL_COUNT } from "@pixlings/shared/collection";
import { pixlingsAbi } from "@pixlings/shared/contract";
import { and, eq } from "@ponder/client";
import { fixtureChunk } from "@pixlings/test-kit/artFixtures";
import { chainActivity, indexedActivity, type ActivityRow } from "@pixlings/test-kit/chainActivity";
import {
  custodyMint,
  eventually,
  mine,
  replaceArt,
  schema,
  startDeployedChain,
  startTestIndexer,
  testAccount,
  transfer,
  voucherMint,
  waitCaughtUp,
  type TestChain,
  type TestIndexer,
} from "@pixlings/test-kit/indexer";
import { chainState, indexedState } from "@pixlings/test-kit/indexedState";

// Two real anvil chains with chunks 0 and 1 (ids 1..499) of fixture art, and a real Ponder.
const CHUNKS = [0, 1];
const ART_IDS = [1, 2, 13, 14, 42, 249, 250, 251, 300, 499];
const ART_ROWS = 499;
const alice = testAccount("alice");
const bob = testAccount("bob");
const carol = testAccount("carol");
let eth: TestChain;
let pol: TestChain;
let indexer: TestIndexer;

const stripes = (colors: number[]): Art => ({ palette: colors, pixels: Uint8Array.from({ length: CELL_COUNT }, (_, i) => i % colors.length) });

/** Waits until the indexed tables of `c` equal what the chain says (tokens, art, prices, stats, holders, each Pix's history). */
async function assertIndexedMatchesChain(c: TestChain, artIds = ART_IDS): Promise<void> {
  const expected = await chainState(c, artIds);
  const expectedActivity = await chainActivity(c);
  let actual: Awaited<ReturnType<typeof indexedState>> | undefined;
  let activity: ActivityRow[] | undefined;
  const same = (): boolean => {
    try {
      assert.deepEqual(activity, expectedActivity);
      assert.deepEqual(actual?.tokens, expected.tokens);
      assert.deepEqual(actual?.art, expected.art);
      assert.deepEqual(actual?.prices, expected.prices);
      assert.deepEqual(actual?.stats, expected.stats);
      assert.deepEqual(actual?.holders, expected.holders);
      assert.equal(actual?.artCount, ART_ROWS);
      assert.deepEqual(actual?.events, expected.events);
      return true;
    } catch {
      return false;
    }
  };
  await eventually(
    async () => {
      actual = await indexedState(indexer, c.chainId, artIds);
      activity = await indexedActivity(indexer, c.chainId);
      return same();
    },
    () => "",
    15_000,
  ).catch(() => undefined);
  // The precise difference, when there is one.
  assert.deepEqual(actual?.tokens, expected.tokens, `tokens of chain ${c.chainId}`);
  assert.deepEqual(actual?.art, expected.art, `art of chain ${c.chainId}`);
  assert.deepEqual(actual?.prices, expected.prices, `tier prices of chain ${c.chainId}`);
  assert.deepEqual(actual?.stats, expected.stats, `stats of chain ${c.chainId}`);
  assert.deepEqual(actual?.holders, expected.holders, `holders of chain ${c.chainId}`);
  assert.equal(actual?.artCount, ART_ROWS, `art rows of chain ${c.chainId}`);
  assert.deepEqual(actual?.events, expected.events, `token events of chain ${c.chainId}`);
  assert.deepEqual(activity, expectedActivity, `activity of chain ${c.chainId}`);
}

function artOf(chainId: number, tokenId: number) {
  return indexer.client.db
    .select()
    .from(schema.art)
    .where(and(eq(schema.art.chainId, chainId), eq(schema.art.tokenId, tokenId)));
}

async function totals(): Promise<{ minted: number; owners: number } | undefined> {
  const [row] = await indexer.client.db.select().from(schema.totalStats);
  return row;
}

before(async () => {
  const chunks = CHUNKS.map(fixtureChunk);
  [eth, pol] = await Promise.all([startDeployedChain(31337, chunks), startDeployedChain(31338, chunks)]);
  // History before the indexer starts: indexed by the backfill.
  await voucherMint(eth, alice, [1, 2, 300]);
  await custodyMint(pol, [5, 6]);
  // Past Ponder's 30-block finality for unknown chains, so these blocks are historical.
  await Promise.all([mine(eth, 35), mine(pol, 35)]);
  indexer = await startTestIndexer([eth, pol], { pglite: true });
  await waitCaughtUp(indexer, [eth, pol]);
});

after(async () => {
  await indexer?.stop();
  await Promise.all([eth?.chain.stop(), pol?.chain.stop()]);
});

test("the backfill indexes mints, art, prices and stats of both chains", async () => {
  await assertIndexedMatchesChain(eth);
  await assertIndexedMatchesChain(pol);
  const [one] = await indexer.client.db.select().from(schema.token).where(eq(schema.token.tokenId, 1));
  assert.equal(one?.chainId, 31337);
  assert.equal(one?.owner, alice.address.toLowerCase());
  const ethStats = await indexer.client.db.select().from(schema.chainStats).where(eq(schema.chainStats.chainId, 31337));
  assert.deepEqual(ethStats, [{ chainId: 31337, minted: 3, owners: 1 }]);
  const [art1] = await indexer.client.db.select().from(schema.art).where(eq(schema.art.tokenId, 1));
  assert.equal(art1?.tier, 3, "id 1 is Artist tier");
  assert.equal(art1?.version, 1);
  assert.equal((art1?.pixels.length ?? 0) - 2, CELL_COUNT * 2);
  const [prices] = await indexer.client.db.select().from(schema.tierPrices).where(eq(schema.tierPrices.chainId, 31338));
  assert.equal(prices?.common, 31n * 10n ** 18n);
  assert.deepEqual(await totals(), { minted: 5, owners: 2 });

  const synced = await fetch(`${indexer.url}/synced`);
  assert.equal(synced.status, 200);
  const body = (await synced.json()) as { synced: boolean; chains: { chainId: number; indexedBlock: number; headBlock: number; synced: boolean }[] };
  const heads = [Number(await eth.clients.publicClient.getBlockNumber()), Number(await pol.clients.publicClient.getBlockNumber())];
  assert.equal(body.synced, true);
  assert.deepEqual(
    body.chains.map((c) => [c.chainId, c.indexedBlock, c.headBlock, c.synced]),
    [
      [31337, heads[0], heads[0], true],
      [31338, heads[1], heads[1], true],
    ],
  );
});

test("realtime: mints, transfers and art replacements on both chains", async (t) => {
  // A live query (server-sent events through the /sql/* middleware) follows the stats.
  const seen: number[] = [];
  const live = indexer.client.live(
    (db) => db.select().from(schema.chainStats).where(eq(schema.chainStats.chainId, 31337)),
    (rows) => seen.push(rows[0]?.minted ?? -1),
  );
  // Even when an assertion fails: an open EventSource would keep the test process alive.
  t.after(() => live.unsubscribe());
  await voucherMint(pol, bob, [7, 8]);
  await transfer(eth, alice, carol.address, 2);
  await transfer(eth, alice, bob.address, 300);
  await transfer(eth, bob, carol.address, 300);
  await custodyMint(eth, [13, 14]);
  await transfer(eth, eth.custody, carol.address, 14);
  await replaceArt(eth, 42, stripes([0x112233, 0xffeedd]));
  await replaceArt(eth, 42, stripes([0x000000, 0xff0000, 0x00ff00]));
  await replaceArt(pol, 42, stripes([0x000000, 0xff0000, 0x00ff00]));
  await replaceArt(pol, 251, stripes([0xabcdef]));
  // The sale paused and opened again: two activity rows.
  for (const active of [false, true]) {
    const hash = await pol.clients.walletClient.writeContract({ address: pol.address, abi: pixlingsAbi, functionName: "setMintingActive", args: [active] });
    await pol.clients.publicClient.waitForTransactionReceipt({ hash });
  }
  await assertIndexedMatchesChain(eth);
  await assertIndexedMatchesChain(pol);
  const kinds = async (chainId: number) => (await indexedActivity(indexer, chainId)).map((row) => `${row.kind}${row.tokenId ? ` ${row.tokenId}` : ""}`);
  // Transfers between wallets are not activity; the custody's move of 14 is a Mint to Wallet.
  // The deploy's constructor leaves the sale closed, then the deploy opens it.
  assert.deepEqual(await kinds(31337), ["sale_paused", "sale_opened", "mint 1", "mint 2", "mint 300", "card_mint 13", "card_mint 14", "mint_to_wallet 14"]);
  assert.deepEqual(await kinds(31338), ["sale_paused", "sale_opened", "card_mint 5", "card_mint 6", "mint 7", "mint 8", "sale_paused", "sale_opened"]);

  const [art42] = await artOf(31337, 42);
  assert.equal(art42?.version, 3);
  assert.deepEqual(art42?.palette, [0x000000, 0xff0000, 0x00ff00]);
  const ethStats = await indexer.client.db.select().from(schema.chainStats).where(eq(schema.chainStats.chainId, 31337));
  // 1, 2, 300, 13, 14 minted; owners alice (1), carol (2, 300, 14), custody (13).
  assert.deepEqual(ethStats, [{ chainId: 31337, minted: 5, owners: 3 }]);
  await eventually(
    async () => seen.at(-1) === 5,
    () => `live query saw ${JSON.stringify(seen)}`,
    5_000,
  );
  assert.equal(seen[0], 3, "the first update (a transfer on 31337) still shows 3 minted");
  // Distinct addresses across chains: alice, carol, bob and the custody address (the same on both chains).
  assert.deepEqual(await totals(), { minted: 9, owners: 4 });
});

test("a reorg on one chain removes what the dropped blocks did", async () => {
  const before = await chainState(eth, ART_IDS);
  const snapshot = await eth.test.snapshot();
  await custodyMint(eth, [20, 21]);
  await transfer(eth, carol, bob.address, 2);
  await replaceArt(eth, 250, stripes([0x123456, 0x654321]));
  // Meanwhile the other chain moves on: its rows must survive the reorg of this one.
  await custodyMint(pol, [9]);
  await eventually(
    async () => (await artOf(31337, 250))[0]?.version === 2,
    () => "the replacement of 250 was never indexed",
  );
  await eventually(
    async () =>
      (
        await indexer.client.db
          .select()
          .from(schema.token)
          .where(and(eq(schema.token.chainId, 31338), eq(schema.token.tokenId, 9)))
      ).length === 1,
    () => "token 9 on chain 31338 was never indexed",
  );
  assert.equal((await indexer.client.db.select().from(schema.token).where(eq(schema.token.tokenId, 21))).length, 1);

  // Drop those three blocks; the other fork (a different mint in a different block) grows longer.
  await eth.test.revert({ id: snapshot });
  await custodyMint(eth, [22]);
  await mine(eth, 5);
  const after = await chainState(eth, ART_IDS);
  assert.equal(after.tokens.length, before.tokens.length + 1);
  await assertIndexedMatchesChain(eth);
  const ids = (await indexer.client.db.select().from(schema.token).where(eq(schema.token.chainId, 31337))).map((t) => t.tokenId);
  assert.deepEqual(
    ids.sort((a, b) => a - b),
    [1, 2, 13, 14, 22, 300],
  );
  const [art250] = await artOf(31337, 250);
  assert.equal(art250?.version, 1);
  // The other chain is untouched.
  await assertIndexedMatchesChain(pol);
});

test("stops cleanly, releasing its lock", async () => {
  const started = Date.now();
  await indexer.ponder.stop();
  assert.equal(await indexer.ponder.exited, 0);
  assert.ok(Date.now() - started < 10_000, "Ponder took over 10 s to stop");
});
