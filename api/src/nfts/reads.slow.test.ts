// The read routes (/api/nfts/*, /api/owner/*, /api/wallet/chain-history, /api/crypto-prices)
// against two real anvil chains (fixture art for ids 1..249), a real Ponder and the real API.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { isArtistId } from "@pixlings/shared/collection";
import {
  custodyMint,
  eventually,
  startDeployedChain,
  startTestIndexer,
  testAccount,
  transfer,
  voucherMint,
  waitCaughtUp,
  type TestChain,
  type TestIndexer,
} from "@pixlings/test-kit/indexer";
import { fixtureChunk } from "@pixlings/test-kit/artFixtures";
import express from "express";
import { reservations } from "../db/tables/reservations.ts";
import { errorHandler } from "../http/errorHandler.ts";
import { openIndexerReader } from "../indexer/openIndexerReader.ts";
import { createLogger } from "../logging/createLogger.ts";
import { createMarket } from "../market/market.ts";
import { createArtStore } from "../pixlings/artStore.ts";
import { ART_MAX_AGE_MS } from "../pixlings/imageRouter.ts";
import { listen } from "../server.ts";
import { signIn } from "@pixlings/test-kit/signIn";
import { startTestApi, type TestApi } from "@pixlings/test-kit/api";
import { findOrCreateWalletUser } from "../users/findOrCreateWalletUser.ts";
import { createBodyCache } from "./nftReads.ts";
import { nftsRouter } from "./nftsRouter.ts";
import type { Nft } from "@pixlings/shared/http/nfts";

const alice = testAccount("reads-alice");
const bob = testAccount("reads-bob");
let eth: TestChain;
let pol: TestChain;
let indexer: TestIndexer;
let api: TestApi;

const getJson = async <T>(path: string, status = 200): Promise<T> => {
  const res = await fetch(`${api.url}${path}`);
  const body = (await res.json()) as T;
  assert.equal(res.status, status, `${path}: ${JSON.stringify(body)}`);
  return body;
};
const token = (id: number) => getJson<Nft>(`/api/nfts/token/${id}`);

async function eventuallyToken(id: number, expected: Partial<Nft>): Promise<void> {
  let last: Nft | undefined;
  await eventually(
    async () => {
      last = await token(id);
      return Object.entries(expected).every(([key, value]) => last![key as keyof Nft] === value);
    },
    () => `token ${id}: ${JSON.stringify(last)}, expected ${JSON.stringify(expected)}`,
    15_000,
  );
}

interface Page {
  nfts: Nft[];
  pagination: { page: number; limit: number; total: number; totalPages: number };
}

describe("read routes", () => {
  before(async () => {
    [eth, pol] = await Promise.all([startDeployedChain(31337, [fixtureChunk(0)]), startDeployedChain(31338, [fixtureChunk(0)])]);
    indexer = await startTestIndexer([eth, pol]);
    await waitCaughtUp(indexer, [eth, pol]);
    api = await startTestApi({ INDEXER_URL: indexer.url, USD_PER_ETH: "2000", USD_PER_POL: "0.5" });
  });
  after(async () => {
    await api?.close();
    await indexer?.stop();
    await Promise.all([eth?.chain.stop(), pol?.chain.stop()]);
  });

  it("shows the catalogue with the NFT shape and unminted state", async () => {
    const nft = await token(20);
    assert.equal(nft.tokenId, 20);
    assert.equal(nft.id, 20);
    assert.equal(typeof nft.name, "string");
    assert.equal(nft.rarity, "Common");
    assert.equal(nft.mintPrice, "0.01");
    assert.equal(nft.imageUrl, "/pixlings/pix_20.png?v=1");
    assert.equal(nft.isMinted, false);
    assert.equal(nft.mintedOnChain, null);
    assert.equal(nft.walletOwner, null);
    assert.equal(nft.ownerType, null);
    assert.equal(nft.reservedUntil, null);
    const artist = await token(1);
    assert.equal(artist.rarity, "Artist");
    assert.equal(artist.isArtistPiece, true);
    assert.ok(artist.artistId !== null && artist.artistName !== null && artist.artist?.name === artist.artistName);
  });

  it("pages the available Pix, 100 at a time, and filters artist pieces", async () => {
    const res = await fetch(`${api.url}/api/nfts/available?page=1&limit=100`);
    assert.equal(res.headers.get("cache-control"), "no-cache");
    const first = (await res.json()) as Page;
    assert.equal(first.nfts.length, 100);
    assert.deepEqual(first.pagination, { page: 1, limit: 100, total: first.pagination.total, totalPages: Math.ceil(first.pagination.total / 100) });
    const last = await getJson<Page>(`/api/nfts/available?page=${first.pagination.totalPages}`);
    assert.equal(last.nfts.length, first.pagination.total - (first.pagination.totalPages - 1) * 100);
    // The spec's pager clamp: a page past the last one is the last page, and says so.
    for (const past of [first.pagination.totalPages + 1, 99_999]) {
      const clamped = await getJson<Page>(`/api/nfts/available?page=${past}`);
      assert.deepEqual(clamped, last, `page ${past}`);
      assert.equal(clamped.pagination.page, first.pagination.totalPages);
    }
    const artist = await getJson<Page>("/api/nfts/available?filter=artist&limit=50");
    assert.ok(artist.nfts.length > 0 && artist.nfts.every((n) => n.rarity === "Artist" && isArtistId(n.tokenId)));
    // What a freemint card may redeem: Common Pix only, paged like the rest.
    const common = await getJson<Page>("/api/nfts/available?filter=common&limit=50");
    assert.ok(common.nfts.length === 50 && common.nfts.every((n) => n.rarity === "Common" && !n.isMinted));
    assert.ok(common.pagination.total < (await getJson<Page>("/api/nfts/available?limit=50")).pagination.total);
    const featured = await getJson<Nft[]>("/api/nfts/featured");
    assert.ok(featured.length <= 8 && featured.length > 0 && featured.every((n) => !n.isMinted));
    const artists = await getJson<Nft[]>("/api/nfts/artist");
    assert.ok(artists.length > 0 && artists.every((n) => n.isArtistPiece));
    const byArtist = await getJson<Nft[]>(`/api/nfts/by-artist/${artists[0]!.artistId}`);
    assert.ok(byArtist.length > 0 && byArtist.every((n) => n.artistId === artists[0]!.artistId));
  });

  it("caches only pages that exist: 10,000 distinct pages past the last, and other limits, add no entry", async () => {
    // The router over its own market (as app.ts builds it), with a cache the test can watch.
    const reader = openIndexerReader(api.config);
    const market = createMarket({ db: api.database.db, indexer: reader.reader, art: createArtStore(reader.reader, ART_MAX_AGE_MS) });
    const bodies = createBodyCache();
    const app = express();
    app.set("query parser", "simple");
    app.use(nftsRouter({ market, indexer: reader.reader, bodies }));
    app.use(errorHandler(createLogger(api.config)));
    const server = await listen(app, { host: "127.0.0.1", port: 0 });
    try {
      const get = async (path: string): Promise<Page> => {
        const res = await fetch(`${server.url}${path}`);
        assert.equal(res.status, 200, path);
        return (await res.json()) as Page;
      };
      const res = await fetch(`${server.url}/api/nfts/available?page=1000000`);
      const last = (await res.json()) as Page;
      const etag = res.headers.get("etag") ?? "";
      const { totalPages } = last.pagination;
      assert.equal(last.pagination.page, totalPages);
      assert.deepEqual(await get(`/api/nfts/available?page=${totalPages}`), last);
      assert.deepEqual([bodies.size, bodies.totalSize > 0], [1, true], "the last page, once");
      const sizeOfLast = bodies.totalSize;
      // Every page number past the last (with cache-busting ?t=): the last page's very body (its
      // ETag answers 304), from the one entry.
      const pages = Array.from({ length: 10_000 }, (_, i) => totalPages + 1 + i);
      const workers = Array.from({ length: 16 }, async () => {
        for (let page = pages.pop(); page !== undefined; page = pages.pop()) {
          const again = await fetch(`${server.url}/api/nfts/available?page=${page}&t=${page}`, {
            // fetch adds `Cache-Control: no-cache` (never fresh) to a conditional request unless told.
            headers: { "if-none-match": etag, "cache-control": "max-age=0" },
          });
          assert.equal(again.status, 304, `page ${page}`);
        }
      });
      await Promise.all(workers);
      assert.deepEqual([bodies.size, bodies.totalSize], [1, sizeOfLast], "no entry per page number");
      // Other limits are answered, not cached.
      for (let limit = 1; limit < 100; limit++) {
        const body = await get(`/api/nfts/available?limit=${limit}&page=${totalPages * 100}`);
        assert.deepEqual([body.pagination.limit, body.pagination.page], [limit, Math.ceil(body.pagination.total / limit)]);
      }
      assert.deepEqual([bodies.size, bodies.totalSize], [1, sizeOfLast], "no entry per limit");
    } finally {
      await server.close();
      await reader.close();
    }
  });

  it("follows mints and transfers on both chains: availability, token state, owners, chain history", async () => {
    const before = await getJson<Page>("/api/nfts/available?limit=1");
    await voucherMint(eth, alice, [30, 31]);
    await custodyMint(pol, [32]);
    await voucherMint(pol, alice, [33]);
    await eventuallyToken(33, { isMinted: true, mintedOnChain: 31338, walletOwner: alice.address, ownerType: "wallet" });
    await eventuallyToken(30, { isMinted: true, mintedOnChain: 31337, walletOwner: alice.address });
    await eventuallyToken(32, { isMinted: true, mintedOnChain: 31338, walletOwner: pol.custody.address });
    const after = await getJson<Page>("/api/nfts/available?limit=1");
    assert.equal(after.pagination.total, before.pagination.total - 4);
    const page = await getJson<Page>("/api/nfts/available?limit=100");
    assert.ok(!page.nfts.some((n) => [30, 31, 32, 33].includes(n.tokenId)));

    const owned = await getJson<Nft[]>(`/api/owner/wallet/${alice.address.toLowerCase()}`);
    assert.deepEqual(
      owned.map((n) => n.tokenId),
      [30, 31, 33],
    );
    const history = await getJson<{ preferredChain: number; holdings: unknown }>(`/api/wallet/chain-history?address=${alice.address}`);
    assert.deepEqual(history, {
      preferredChain: 31337,
      holdings: [
        { chainId: 31337, count: 2 },
        { chainId: 31338, count: 1 },
      ],
    });
    assert.equal((await getJson<{ preferredChain: number }>(`/api/wallet/chain-history?address=${bob.address}`)).preferredChain, 31337);

    await transfer(eth, alice, bob.address, 31);
    await eventuallyToken(31, { walletOwner: bob.address });
    assert.deepEqual(
      (await getJson<Nft[]>(`/api/owner/wallet/${alice.address}`)).map((n) => n.tokenId),
      [30, 33],
    );
    assert.deepEqual(
      (await getJson<Nft[]>(`/api/owner/wallet/${bob.address}`)).map((n) => n.tokenId),
      [31],
    );
  });

  it("serves the session's Pix and one owned Pix to its owner only", async () => {
    await eventuallyToken(30, { walletOwner: alice.address });
    assert.match((await getJson<{ message: string }>("/api/owner/pixlings", 401)).message, /Not signed in/);
    const jar = await signIn(api, alice);
    const mine = (await (await jar.fetch("/api/owner/pixlings")).json()) as { cardPurchases: unknown[]; walletOwned: Nft[] };
    assert.deepEqual(mine.cardPurchases, []);
    assert.deepEqual(
      mine.walletOwned.map((n) => n.tokenId),
      [30, 33],
    );
    assert.equal(((await (await jar.fetch("/api/owner/pixlings/30")).json()) as Nft).tokenId, 30);
    assert.equal((await jar.fetch("/api/owner/pixlings/31")).status, 404);
    assert.equal((await getJson<Nft>(`/api/owner/pixlings/31?walletAddress=${bob.address}`)).walletOwner, bob.address);
    assert.match((await getJson<{ message: string }>(`/api/owner/pixlings/31?walletAddress=${alice.address}`, 404)).message, /not yours/);
    assert.match((await getJson<{ message: string }>("/api/owner/pixlings/31", 401)).message, /walletAddress/);
  });

  it("a live reservation makes a Pix unavailable until it is released", async () => {
    const user = await findOrCreateWalletUser(api.database.db, bob.address);
    const holdUntil = new Date(Date.now() + 600_000);
    const [row] = await api.database.db
      .insert(reservations)
      .values({ tokenId: 40, address: bob.address, userId: user.id, chainId: 31337, deadline: new Date(Date.now() + 540_000), holdUntil })
      .returning();
    await eventuallyToken(40, { reservedUntil: holdUntil.toISOString() });
    const page = await getJson<Page>("/api/nfts/available?limit=100");
    assert.ok(!page.nfts.some((n) => n.tokenId === 40));
    const { eq } = await import("drizzle-orm");
    await api.database.db.update(reservations).set({ releasedAt: new Date() }).where(eq(reservations.id, row!.id));
    await eventuallyToken(40, { reservedUntil: null });
    assert.ok((await getJson<Page>("/api/nfts/available?limit=100")).nfts.some((n) => n.tokenId === 40));
  });

  it("prices each network's tiers in its coin, with USD at the configured rates", async () => {
    const res = await fetch(`${api.url}/api/crypto-prices`);
    assert.equal(res.headers.get("cache-control"), "public, max-age=300");
    const prices = (await res.json()) as Record<string, Record<string, { eth: string; usd: number }>>;
    assert.deepEqual(prices.ethereum, { artist: { eth: "0.13", usd: 260 }, rare: { eth: "0.03", usd: 60 }, common: { eth: "0.01", usd: 20 } });
    assert.deepEqual(prices.polygon, { artist: { eth: "392", usd: 196 }, rare: { eth: "93", usd: 46.5 }, common: { eth: "31", usd: 15.5 } });
  });

  it("answers bad input with 4xx and a message, never 500", async () => {
    const bad: [string, number][] = [
      ["/api/nfts/token/abc", 400],
      ["/api/nfts/token/0", 400],
      ["/api/nfts/token/10000", 400],
      ["/api/nfts/token/1.5", 400],
      ["/api/nfts/token/-3", 400],
      ["/api/nfts/available?limit=101", 400],
      ["/api/nfts/available?limit=0", 400],
      ["/api/nfts/available?page=0", 400],
      ["/api/nfts/available?page=x", 400],
      ["/api/nfts/available?filter=rare", 400],
      ["/api/nfts/available?sold=yes", 400],
      ["/api/nfts/available?artist=0", 400],
      ["/api/nfts/available?artist=abc", 400],
      ["/api/nfts/token/0/history", 400],
      ["/api/nfts/by-artist/0", 400],
      ["/api/nfts/by-artist/abc", 400],
      ["/api/nfts/by-artist/99999", 404],
      ["/api/owner/wallet/0x1234", 400],
      ["/api/owner/wallet/not-an-address", 400],
      ["/api/owner/pixlings/0?walletAddress=0x0000000000000000000000000000000000000001", 400],
      ["/api/owner/pixlings/5?walletAddress=nope", 400],
      ["/api/wallet/chain-history", 400],
      ["/api/wallet/chain-history?address=0xZZ", 400],
    ];
    for (const [path, status] of bad) {
      const body = await getJson<{ message?: unknown }>(path, status);
      assert.equal(typeof body.message, "string", path);
    }
  });
});
