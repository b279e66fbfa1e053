// Ponder and the API sharing one real Postgres 15: Ponder (`ponder start`, DATABASE_URL) indexes a
// real anvil chain into its schema and publishes views in `pixlings`; the API keeps its own tables
// in the same database and reads the indexer only through those views. Its INDEXER_URL points
// nowhere, so every answer below comes from the views.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import postgres from "postgres";
import { getAddress, hexToBytes } from "viem";
import { decodePiece, type Art } from "@pixlings/shared/art/codec";
import { decodeIndexedPng } from "@pixlings/test-kit/png";
import { pixlingsAbi } from "@pixlings/shared/contract";
import {
  custodyMint,
  eventually,
  mine,
  startDeployedChain,
  startTestIndexer,
  testAccount,
  TEST_VIEWS_SCHEMA,
  voucherMint,
  waitCaughtUp,
  type TestChain,
  type TestIndexer,
} from "@pixlings/test-kit/indexer";
import { fixtureChunk } from "@pixlings/test-kit/artFixtures";
import { afterFirstNotice } from "@pixlings/test-kit/indexedChain";
import { skipPostgres, startPostgres, type TestPostgres } from "@pixlings/test-kit/postgres";
import { createTokenMirror } from "../market/tokenMirror.ts";
import { assertIndexerUnavailable, startTestApi, type TestApi } from "@pixlings/test-kit/api";
import { httpIndexerDb } from "./indexerDb.ts";
import { createIndexerReader, type IndexerReader } from "./indexerReader.ts";
import { postgresIndexerDb, type PostgresIndexerDb } from "./postgresIndexerDb.ts";

const NOWHERE = "http://127.0.0.1:9";
const alice = testAccount("views-alice");

async function json(res: Response): Promise<Record<string, unknown>> {
  assert.equal(res.status, 200, `${res.url}: ${res.status}`);
  return (await res.json()) as Record<string, unknown>;
}

if (skipPostgres()) {
  describe("the API on Ponder's Postgres views", () => {
    it.skip("skipped: PIXLINGS_SKIP_POSTGRES=1");
  });
} else {
  describe("the API on Ponder's Postgres views", () => {
    let pg: TestPostgres;
    let eth: TestChain;
    let indexer: TestIndexer;
    let api: TestApi;
    let views: PostgresIndexerDb;
    let sql: postgres.Sql;
    const get = (path: string, headers: Record<string, string> = {}): Promise<Response> => fetch(`${api.url}${path}`, { headers });

    async function eventuallyStats(expected: object): Promise<void> {
      let last: unknown;
      await eventually(
        async () => {
          last = await json(await get("/api/stats"));
          return JSON.stringify(last) === JSON.stringify(expected);
        },
        () => `stats ${JSON.stringify(last)}, expected ${JSON.stringify(expected)}`,
        15_000,
      );
    }

    before(async () => {
      [pg, eth] = await Promise.all([startPostgres(), startDeployedChain(31337, [fixtureChunk(0)])]);
      indexer = await startTestIndexer([eth], { databaseUrl: pg.url });
      await waitCaughtUp(indexer, [eth]);
      api = await startTestApi({
        DATABASE_URL: pg.url,
        INDEXER_DATABASE_URL: pg.url,
        INDEXER_VIEWS_SCHEMA: TEST_VIEWS_SCHEMA,
        INDEXER_URL: NOWHERE,
        PIXLINGS_INDEXER_CHAINS: JSON.stringify([{ chainId: eth.chainId, rpcUrl: eth.chain.url, address: eth.address }]),
      });
      views = postgresIndexerDb(pg.url, TEST_VIEWS_SCHEMA);
      sql = postgres(pg.url, { max: 1, onnotice: () => {} });
    });
    after(async () => {
      await sql?.end({ timeout: 1 });
      await views?.close();
      await api?.close();
      await indexer?.stop();
      await eth?.chain.stop();
      await pg?.stop();
    });

    it("keeps the API's tables, Ponder's schema and its views in one database", async () => {
      assert.deepEqual(await json(await get("/api/health")), { status: "ok", database: "postgres" });
      const tables = await sql<{ schema: string; name: string }[]>`
        select table_schema as schema, table_name as name from information_schema.tables
        where table_schema in ('public', 'pixlings_test', ${TEST_VIEWS_SCHEMA}) and table_name in ('users', 'catalogue', 'token', 'art')
        order by 1, 2`;
      assert.deepEqual(
        tables.map((t) => `${t.schema}.${t.name}`),
        ["pixlings.art", "pixlings.token", "pixlings_test.art", "pixlings_test.token", "public.catalogue", "public.users"],
      );
      const viewNames = await sql<
        { name: string }[]
      >`select table_name as name from information_schema.views where table_schema = ${TEST_VIEWS_SCHEMA} order by 1`;
      assert.ok(
        ["art", "holder", "tier_prices", "token"].every((name) => viewNames.some((v) => v.name === name)),
        JSON.stringify(viewNames),
      );
    });

    it("GET /api/stats and GET /api/nfts/token/{id} follow mints on the chain", async () => {
      await eventuallyStats({ total: 9999, minted: 0, owners: 0, available: 9999 });
      assert.equal((await json(await get("/api/nfts/token/1"))).isMinted, false);

      await voucherMint(eth, alice, [1, 2]);
      await eventuallyStats({ total: 9999, minted: 2, owners: 1, available: 9997 });
      // The token routes answer from a market snapshot refreshed in the background (api/src/market).
      let token: Record<string, unknown> = {};
      await eventually(
        async () => (token = await json(await get("/api/nfts/token/2"))).isMinted === true,
        () => `token 2: ${JSON.stringify(token)}`,
      );
      assert.equal(token.mintedOnChain, 31337);
      assert.equal(token.walletOwner, getAddress(alice.address));

      await custodyMint(eth, [3]);
      await eventuallyStats({ total: 9999, minted: 3, owners: 2, available: 9996 });
    });

    it("GET /pixlings/pix_{id}.png renders the art from the views", async () => {
      const blob = await eth.clients.publicClient.readContract({ address: eth.address, abi: pixlingsAbi, functionName: "artOf", args: [7n] });
      const art: Art = decodePiece(hexToBytes(blob));
      const res = await get("/pixlings/pix_7.png?size=9");
      assert.equal(res.status, 200);
      assert.equal(res.headers.get("content-type"), "image/png");
      const png = decodeIndexedPng(Buffer.from(await res.arrayBuffer()));
      assert.deepEqual(png.palette, art.palette);
      assert.deepEqual(png.indices, [...art.pixels]);
      const etag = res.headers.get("etag");
      assert.match(etag ?? "", /^"pix-7-9-v1-[\w-]+"$/);
      assert.equal((await get("/pixlings/pix_7.png?size=9", { "if-none-match": etag! })).status, 304);
      assert.equal((await get("/pixlings/pix_600.png")).status, 404);
    });

    it("every indexer query answers the same from the views as from Ponder's /sql", async () => {
      // drizzle-orm 0.45 (the API's pg-proxy) runs queries built with @ponder/client's 0.41: checked
      // here, query by query. A new IndexerReader method does not type-check until it is listed
      // (`onChange` is no query: its own test below).
      const lastBlock = (await createIndexerReader(views.db, indexer.url).tokenChanges(new Map()))[0]?.sums.maxBlock ?? 0n;
      const everyQuery = (reader: IndexerReader) =>
        ({
          totals: () => reader.totals(),
          art: () => Promise.all([reader.art(7), reader.art(600)]),
          allArt: () => reader.allArt(),
          artEpoch: () => reader.artEpoch(),
          artOnChains: () => Promise.all([reader.artOnChains(7), reader.artOnChains(600)]),
          mintTimes: () => reader.mintTimes([1, 2, 3, 600]),
          mintedTokens: () => reader.mintedTokens(),
          tokenEpoch: () => reader.tokenEpoch(),
          tokenHistory: () => Promise.all([reader.tokenHistory(1), reader.tokenHistory(600)]),
          tierPrices: () => reader.tierPrices(),
          saleFacts: () => reader.saleFacts({ chainId: 31337, tokenIds: [1, 2, 3, 13, 14, 500, 600], address: alice.address }),
          tokenChanges: () =>
            Promise.all([
              reader.tokenChanges(new Map()),
              reader.tokenChanges(new Map([[31337, lastBlock - 1n]])),
              reader.tokenChanges(new Map([[31337, lastBlock]])),
            ]),
          activityProgress: () => reader.activityProgress(),
          activityAfter: () =>
            Promise.all([
              reader.activityAfter(new Map([[31337, { block: 0n, logIndex: -1 }]]), 100),
              reader.activityAfter(new Map([[31337, { block: lastBlock, logIndex: 0 }]]), 100),
              reader.activityAfter(new Map([[31337, { block: 0n, logIndex: -1 }]]), 2),
            ]),
          activityAt: async () => {
            const [first] = await reader.activityPage(undefined, 1);
            return Promise.all([
              first && reader.activityAt(first.chainId, { block: first.blockNumber, logIndex: first.logIndex }),
              reader.activityAt(31337, { block: 1n, logIndex: 999 }),
            ]);
          },
          activityPage: async () => {
            const [, second] = await reader.activityPage(undefined, 2);
            return Promise.all([
              reader.activityPage(undefined, 100),
              second &&
                reader.activityPage({ timestamp: second.timestamp, chainId: second.chainId, block: second.blockNumber, logIndex: second.logIndex }, 100),
              second && reader.activityPage({ atOrBeforeSecond: second.timestamp }, 100),
            ]);
          },
          mintedPerChain: () => reader.mintedPerChain(),
        }) satisfies Record<Exclude<keyof IndexerReader, "onChange">, () => Promise<unknown>>;
      const overViews = everyQuery(createIndexerReader(views.db, indexer.url));
      const overHttp = everyQuery(createIndexerReader(httpIndexerDb(indexer.url), indexer.url));
      for (const name of Object.keys(overViews) as (keyof typeof overViews)[]) {
        assert.deepEqual(await overViews[name](), await overHttp[name](), name);
      }
      // Not two empty answers: the state the tests above built.
      assert.deepEqual(await overViews.totals(), { minted: 3, owners: 2 });
      assert.deepEqual(
        (await overViews.art()).map((art) => art?.tokenId),
        [7, undefined],
      );
      assert.equal((await overViews.allArt()).size, 249);
      assert.deepEqual(
        (await overViews.mintedTokens()).map((t) => t.tokenId),
        [1, 2, 3],
      );
      assert.equal(typeof (await overViews.tierPrices())[0]?.common, "bigint");
      // The deploy's sale closed then opened, then mints 1 and 2 and a card mint of 3: each history page and resume below its start.
      const [page, below, atSecond] = await overViews.activityPage();
      assert.deepEqual(
        page?.map((row) => `${row.kind}${row.tokenId === null ? "" : ` ${row.tokenId}`}`).sort(),
        ["card_mint 3", "mint 1", "mint 2", "sale_opened", "sale_paused"].sort(),
      );
      assert.deepEqual(below, page?.slice(2));
      assert.ok(atSecond && atSecond.length >= (below?.length ?? 0) + 1);
      const [allActivity, , firstTwo] = await overViews.activityAfter();
      assert.equal(allActivity.length, 5);
      assert.deepEqual(firstTwo, allActivity.slice(0, 2));
      assert.deepEqual(await overViews.mintedPerChain(), [{ chainId: 31337, minted: 3 }]);
      const [progress] = await overViews.activityProgress();
      assert.ok(progress && progress.finalizedBlock <= progress.latestBlock && progress.latestBlock >= lastBlock);
      const facts = await overViews.saleFacts();
      assert.deepEqual(
        facts.minted.map(({ chainId, tokenId }) => ({ chainId, tokenId })),
        [
          { chainId: 31337, tokenId: 1 },
          { chainId: 31337, tokenId: 2 },
          { chainId: 31337, tokenId: 3 },
        ],
      );
      assert.equal(facts.mintedToAddress, 2);
      assert.deepEqual(
        [...facts.tiers.keys()].sort((a, b) => a - b),
        [1, 2, 3, 13, 14],
      );
      assert.equal(typeof facts.prices?.common, "bigint");
      const [status] = facts.statuses;
      assert.equal(status?.chainId, 31337);
      assert.equal(status?.mintingActive, true);
      assert.ok(status && status.finalized.number <= status.latest.number && status.latest.number > 0, JSON.stringify(status));
      const [all, sinceBefore, sinceLast] = await overViews.tokenChanges();
      assert.deepEqual(all?.[0]?.changed.map((t) => t.tokenId).sort(), [1, 2, 3]);
      assert.deepEqual(all?.[0]?.sums.count, 3);
      assert.deepEqual(
        sinceBefore?.[0]?.changed.map((t) => t.tokenId),
        [3],
      );
      assert.deepEqual(sinceLast?.[0]?.changed, []);
    });

    it("tells when Ponder committed a block, by NOTIFY on its views' channel", async () => {
      const reader = createIndexerReader(views.db, indexer.url, views.changes);
      // LISTEN is in place once postgres.js has connected; an empty block before that goes unnoticed.
      await afterFirstNotice(reader, () => mine(eth, 1), "new blocks");
    });

    it("follows a reorg that swaps a mint for another one in a block of the same number", async () => {
      const reader = createIndexerReader(views.db, indexer.url);
      const mirror = createTokenMirror((since) => reader.tokenChanges(since), { fullReadMs: 3_600_000, timeoutMs: 5_000 });
      const mintedIds = async (): Promise<number[]> => (await reader.mintedTokens()).map((t) => t.tokenId);
      const isMinted = async (id: number): Promise<unknown> => (await json(await get(`/api/nfts/token/${id}`))).isMinted;
      const snapshot = await eth.test.snapshot();
      await voucherMint(eth, alice, [5]);
      await eventuallyStats({ total: 9999, minted: 4, owners: 2, available: 9995 });
      const epochWith5 = await reader.tokenEpoch();
      await eventually(
        async () => (await mirror.sync()).byToken.has(5),
        () => "the mirror never showed 5",
      );
      const fullReads = mirror.reads.full;
      // The other fork: mint 6 instead, in the block that held mint 5; then more blocks.
      await eth.test.revert({ id: snapshot });
      await custodyMint(eth, [6]);
      await mine(eth, 5);
      await eventually(
        async () => (await mintedIds()).join() === "1,2,3,6",
        async () => `minted ${(await mintedIds()).join()}`,
      );
      // Same row count, same last block: the epoch must still move, or the API keeps the dropped mint.
      assert.notEqual(await reader.tokenEpoch(), epochWith5);
      // The mirror's sums show it too: one full read, and the rows agree with the table again.
      const mirrored = await mirror.sync();
      assert.equal(mirror.reads.full, fullReads + 1);
      assert.deepEqual(
        [...mirrored.byToken.keys()].sort((a, b) => a - b),
        [1, 2, 3, 6],
      );
      await eventually(
        async () => (await isMinted(6)) === true && (await isMinted(5)) === false,
        async () => `token 5 minted: ${String(await isMinted(5))}, token 6 minted: ${String(await isMinted(6))}`,
      );
      await eventuallyStats({ total: 9999, minted: 4, owners: 2, available: 9995 });
    });

    it("keeps answering while Ponder restarts and re-creates its views, then shows new mints", async () => {
      await indexer.stop();
      // Ponder leaves its lock taken on SIGTERM; stop() releases it (else a restart waits 25 s).
      const [meta] = await sql<{ locked: string }[]>`select value->>'is_locked' as locked from pixlings_test._ponder_meta where key = 'app'`;
      assert.equal(meta?.locked, "0");
      // Ponder is gone; its tables and views are not: the API still reads the last indexed state.
      await eventuallyStats({ total: 9999, minted: 4, owners: 2, available: 9995 });
      indexer = await startTestIndexer([eth], { databaseUrl: pg.url });
      await waitCaughtUp(indexer, [eth]);
      await voucherMint(eth, alice, [4]);
      await eventuallyStats({ total: 9999, minted: 5, owners: 2, available: 9994 });
      await eventually(
        async () => (await json(await get("/api/nfts/token/4"))).isMinted === true,
        () => "token 4 is not shown as minted",
      );
    });

    it("answers 503 { message } when the views are missing", async () => {
      const elsewhere = await startTestApi({ DATABASE_URL: pg.url, INDEXER_DATABASE_URL: pg.url, INDEXER_VIEWS_SCHEMA: "no_such_views", INDEXER_URL: NOWHERE });
      try {
        await assertIndexerUnavailable(elsewhere.url);
      } finally {
        await elsewhere.close();
      }
    });
  });
}
