// The indexer and the API on one real Postgres 15 (no PGlite): Ponder writes its tables and keeps
// stable views in the `pixlings` schema; the API keeps its own tables in `public` and reads the
// indexer's views directly (INDEXER_DATABASE_URL), not over Ponder's HTTP.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { hexToBytes } from "viem";
import { decodePiece } from "@pixlings/shared/art/codec";
import { decodeIndexedPng } from "@pixlings/shared/art/decode-png";
import { pixlingsAbi } from "@pixlings/shared/contract";
import { custodyMint, eventually, startDeployedChain, startTestIndexer, waitCaughtUp, type TestChain, type TestIndexer } from "../../../indexer/test/harness.ts";
import { fixtureChunk } from "../../../scripts/deploy/test-fixtures.ts";
import { startPostgres, type TestPostgres } from "../../../scripts/testing/start-postgres.ts";
import { startTestApi, type TestApi } from "../testing/startTestApi.ts";

let pg: TestPostgres;
let chain: TestChain;
let indexer: TestIndexer;
let api: TestApi;

const getJson = async (path: string): Promise<Record<string, unknown>> => {
  const res = await fetch(`${api.url}${path}`);
  assert.equal(res.status, 200, path);
  return (await res.json()) as Record<string, unknown>;
};

describe("indexer and API on one Postgres (views schema)", () => {
  before(async () => {
    pg = await startPostgres();
    chain = await startDeployedChain(31337, [fixtureChunk(0)]);
    indexer = await startTestIndexer([chain], { databaseUrl: pg.url });
    await waitCaughtUp(indexer, [chain]);
    api = await startTestApi({ DATABASE_URL: pg.url, INDEXER_DATABASE_URL: pg.url, INDEXER_VIEWS_SCHEMA: "pixlings", INDEXER_URL: indexer.url });
  });
  after(async () => {
    await api?.close();
    await indexer?.stop();
    await chain?.chain.stop();
    await pg?.stop();
  });

  it("reads mints and art from Ponder's views, and keeps answering while Ponder is down", async () => {
    assert.deepEqual(await getJson("/api/health"), { status: "ok", database: "postgres" });
    assert.deepEqual(await getJson("/api/stats"), { total: 9999, minted: 0, owners: 0, available: 9999 });
    await custodyMint(chain, [5, 6]);
    let last: unknown;
    await eventually(
      async () => (last = await getJson("/api/stats")).minted === 2,
      () => JSON.stringify(last),
    );
    assert.equal((await getJson("/api/nfts/token/5")).isMinted, true);

    const blob = await chain.clients.publicClient.readContract({ address: chain.address, abi: pixlingsAbi, functionName: "artOf", args: [7n] });
    const art = decodePiece(hexToBytes(blob));
    const png = decodeIndexedPng(Buffer.from(await (await fetch(`${api.url}/pixlings/pix_7.png?size=9`)).arrayBuffer()));
    assert.deepEqual(png.palette, art.palette);
    assert.deepEqual(png.indices, [...art.pixels]);

    await indexer.ponder.stop();
    // Past the stats route's 250 ms sharing window: over HTTP this would now be a 503. The views
    // stay in Postgres, so minted state is still served, read fresh from the database.
    await new Promise((resolve) => setTimeout(resolve, 400));
    assert.equal((await getJson("/api/stats")).minted, 2);
    assert.equal((await getJson("/api/nfts/token/6")).walletOwner, chain.admin.address);
  });
});
