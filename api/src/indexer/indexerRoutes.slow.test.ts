// GET /api/stats and GET /pixlings/pix_{id}.png against two real anvil chains (deployed, fixture
// art ids 1..249 uploaded), a real Ponder indexing both, and the real API reading it over HTTP.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { decodePiece, type Art } from "@pixlings/shared/art/codec";
import { CELL_COUNT } from "@pixlings/shared/collection";
import { pixlingsAbi } from "@pixlings/shared/contract";
import { hexToBytes } from "viem";
import {
  custodyMint,
  eventually,
  replaceArt,
  startDeployedChain,
  startTestIndexer,
  testAccount,
  voucherMint,
  waitCaughtUp,
  type TestChain,
  type TestIndexer,
} from "@pixlings/test-kit/indexer";
import { fixtureChunk } from "@pixlings/test-kit/artFixtures";
import { decodeIndexedPng } from "@pixlings/test-kit/png";
import { assertIndexerUnavailable, startTestApi, type TestApi } from "@pixlings/test-kit/api";

const alice = testAccount("api-alice");
let eth: TestChain;
let pol: TestChain;
let indexer: TestIndexer;
let api: TestApi;

async function chainArt(c: TestChain, tokenId: number): Promise<Art> {
  const blob = await c.clients.publicClient.readContract({ address: c.address, abi: pixlingsAbi, functionName: "artOf", args: [BigInt(tokenId)] });
  const { palette, pixels } = decodePiece(hexToBytes(blob));
  return { palette, pixels };
}

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${api.url}${path}`, { headers });

async function stats(): Promise<unknown> {
  const res = await get("/api/stats");
  assert.equal(res.status, 200);
  return res.json();
}

async function eventuallyStats(expected: object): Promise<void> {
  let last: unknown;
  await eventually(
    async () => {
      last = await stats();
      try {
        assert.deepEqual(last, expected);
        return true;
      } catch {
        return false;
      }
    },
    () => `stats ${JSON.stringify(last)}, expected ${JSON.stringify(expected)}`,
    15_000,
  );
}

describe("indexer-backed reads", () => {
  before(async () => {
    [eth, pol] = await Promise.all([startDeployedChain(31337, [fixtureChunk(0)]), startDeployedChain(31338, [fixtureChunk(0)])]);
    indexer = await startTestIndexer([eth, pol]);
    await waitCaughtUp(indexer, [eth, pol]);
    api = await startTestApi({ INDEXER_URL: indexer.url });
  });
  after(async () => {
    await api?.close();
    await indexer?.stop();
    await Promise.all([eth?.chain.stop(), pol?.chain.stop()]);
  });

  it("GET /api/stats follows mints on both chains (distinct ids, distinct owners across chains)", async () => {
    await eventuallyStats({ total: 9999, minted: 0, owners: 0, available: 9999 });
    const res = await get("/api/stats");
    assert.equal(res.headers.get("cache-control"), "no-store");

    await voucherMint(eth, alice, [1, 2]);
    await eventuallyStats({ total: 9999, minted: 2, owners: 1, available: 9997 });

    // The same buyer on the other chain adds ids but no owner; the custody address adds one.
    await voucherMint(pol, alice, [3]);
    await custodyMint(pol, [4, 5]);
    await eventuallyStats({ total: 9999, minted: 5, owners: 2, available: 9994 });
  });

  it("GET /pixlings/pix_{id}.png is the stored art, 288x288 by default and 9x9 with ?size=9", async () => {
    const art = await chainArt(eth, 7);
    assert.deepEqual(await chainArt(pol, 7), art);

    const res = await get("/pixlings/pix_7.png");
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("content-type"), "image/png");
    assert.equal(res.headers.get("cache-control"), "public, max-age=31536000, immutable");
    const png = decodeIndexedPng(Buffer.from(await res.arrayBuffer()));
    assert.equal(png.width, 288);
    assert.equal(png.height, 288);
    assert.deepEqual(png.palette, art.palette);
    for (let y = 0; y < 288; y++) {
      for (let x = 0; x < 288; x++) {
        const expected = art.pixels[Math.floor(y / 32) * 9 + Math.floor(x / 32)];
        if (png.indices[y * 288 + x] !== expected) assert.fail(`pixel (${x}, ${y}) is ${png.indices[y * 288 + x]}, expected ${expected}`);
      }
    }

    const small = await get("/pixlings/pix_7.png?size=9");
    assert.equal(small.status, 200);
    assert.equal(small.headers.get("content-type"), "image/png");
    const png9 = decodeIndexedPng(Buffer.from(await small.arrayBuffer()));
    assert.equal(png9.width, 9);
    assert.equal(png9.height, 9);
    assert.deepEqual(png9.palette, art.palette);
    assert.deepEqual(png9.indices, [...art.pixels]);
    assert.notEqual(small.headers.get("etag"), res.headers.get("etag"));

    // A minted Pix is served too, and an explicit ?size=288 is the default image.
    const minted = await get("/pixlings/pix_1.png?size=288");
    assert.equal(minted.status, 200);
    assert.deepEqual(decodeIndexedPng(Buffer.from(await minted.arrayBuffer())).palette, (await chainArt(eth, 1)).palette);
  });

  it("answers 304 to a matching If-None-Match, and the ETag changes when the art is replaced", async () => {
    const first = await get("/pixlings/pix_9.png");
    assert.equal(first.status, 200);
    const etag = first.headers.get("etag");
    assert.match(etag ?? "", /^"pix-9-288-v1-[\w-]+"$/);
    assert.equal((await get("/pixlings/pix_9.png")).headers.get("etag"), etag, "stable");

    const notModified = await get("/pixlings/pix_9.png", { "if-none-match": etag! });
    assert.equal(notModified.status, 304);
    assert.equal(notModified.headers.get("etag"), etag);
    assert.equal((await notModified.arrayBuffer()).byteLength, 0);
    assert.equal((await get("/pixlings/pix_9.png", { "if-none-match": `"other", W/${etag}` })).status, 304);
    assert.equal((await get("/pixlings/pix_9.png", { "if-none-match": '"other"' })).status, 200);

    // Art is replaced on every chain (docs/design.md#one-collection-on-two-chains); the image and its ETag follow the indexer.
    const stripes: Art = { palette: [0x112233, 0xffcc00, 0x00aaff], pixels: Uint8Array.from({ length: CELL_COUNT }, (_, i) => i % 3) };
    await Promise.all([replaceArt(eth, 9, stripes), replaceArt(pol, 9, stripes)]);
    let replaced: Response | undefined;
    await eventually(
      async () => {
        replaced = await get("/pixlings/pix_9.png?size=9", { "if-none-match": etag!.replace("-288-", "-9-") });
        return replaced.status === 200 && (replaced.headers.get("etag") ?? "").includes("-v2-");
      },
      () => `still ${replaced?.status} ${replaced?.headers.get("etag")}`,
      15_000,
    );
    const png = decodeIndexedPng(Buffer.from(await replaced!.arrayBuffer()));
    assert.deepEqual(png.palette, stripes.palette);
    assert.deepEqual(png.indices, [...stripes.pixels]);
  });

  it("bad ids and sizes are 400 { message }; ids outside 1..9999 or without art are 404 { message }", async () => {
    const cases: [string, number, RegExp][] = [
      ["/pixlings/pix_abc.png", 400, /params\.file: must be pix_\{tokenId\}\.png/],
      ["/pixlings/pix_-1.png", 400, /params\.file/],
      ["/pixlings/pix_1.5.png", 400, /params\.file/],
      ["/pixlings/pix_01.png", 400, /params\.file/],
      ["/pixlings/pix_1.gif", 400, /params\.file/],
      ["/pixlings/pix_.png", 400, /params\.file/],
      ["/pixlings/pix_1.png?size=10", 400, /query\.size: must be 288 or 9/],
      ["/pixlings/pix_1.png?size=abc", 400, /query\.size/],
      ["/pixlings/pix_1.png?size=9&size=9", 400, /query\.size/],
      ["/pixlings/pix_0.png", 404, /No Pix 0: token ids are 1\.\.9999/],
      ["/pixlings/pix_10000.png", 404, /No Pix 10000/],
      ["/pixlings/pix_99999999999999999999.png", 404, /No Pix/],
      ["/pixlings/pix_600.png", 404, /Pix 600 has no art yet/],
    ];
    for (const [path, status, message] of cases) {
      const res = await get(path);
      assert.equal(res.status, status, path);
      assert.match(res.headers.get("content-type") ?? "", /^application\/json/, path);
      const body = (await res.json()) as { message: string };
      assert.deepEqual(Object.keys(body), ["message"], path);
      assert.match(body.message, message, path);
    }
  });
});

describe("without an indexer", () => {
  it("answers 503 { message } for stats and images", async () => {
    const down = await startTestApi({ INDEXER_URL: "http://127.0.0.1:9" });
    try {
      await assertIndexerUnavailable(down.url);
    } finally {
      await down.close();
    }
  });
});
