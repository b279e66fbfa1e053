// The trait explorer (GET /api/nfts, /api/nfts/facets) over the real market: two anvil chains
// (fixture art for ids 1..249), a real Ponder and the real API, with Pix minted on each chain,
// card-owned, reserved, and art replaced; answers checked against the catalogue read Pix by Pix.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { AvailablePage, Nft, NftFacets, PixHistory } from "@pixlings/shared/http/nfts";
import { fixtureChunk } from "@pixlings/test-kit/artFixtures";
import { startTestApi, type TestApi } from "@pixlings/test-kit/api";
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
import { CARD_PRICE_CENTS } from "../checkout/cardPrices.ts";
import { cardOrders } from "../db/tables/cardOrders.ts";
import { reservations } from "../db/tables/reservations.ts";
import { findOrCreateWalletUser } from "../users/findOrCreateWalletUser.ts";

const alice = testAccount("explorer-alice");
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

/** Every Pix a query lists, page after page. */
async function everyPage(query: string): Promise<Nft[]> {
  const all: Nft[] = [];
  for (let page = 1; ; page++) {
    const answer = await getJson<AvailablePage>(`/api/nfts?${query}${query ? "&" : ""}page=${page}`);
    assert.equal(answer.pagination.page, page);
    all.push(...answer.nfts);
    if (page >= answer.pagination.totalPages) {
      assert.equal(all.length, answer.pagination.total, query);
      return all;
    }
  }
}

const ids = (nfts: readonly Nft[]): number[] => nfts.map((nft) => nft.tokenId);
const statesOf = (nft: Nft): string[] =>
  nft.isMinted
    ? [nft.mintedOnChain === 31338 ? "minted-polygon" : "minted-ethereum", ...(nft.ownerType === "card" ? ["card"] : [])]
    : [nft.reservedUntil ? "reserved" : "available"];

/** A unique colour, painted over Pix 120 on both chains. */
const PAINTED = { palette: [0x101820, 0xf2aa4c], pixels: Uint8Array.from({ length: 81 }, (_, i) => (i % 3 === 0 ? 1 : 0)) };

describe("the trait explorer over the real market", () => {
  let everyPix: Nft[];
  before(async () => {
    [eth, pol] = await Promise.all([startDeployedChain(31337, [fixtureChunk(0)]), startDeployedChain(31338, [fixtureChunk(0)])]);
    indexer = await startTestIndexer([eth, pol]);
    await waitCaughtUp(indexer, [eth, pol]);
    const chains = [eth, pol].map((c) => ({ chainId: c.chainId, rpcUrl: c.chain.url, address: c.address, startBlock: c.deployBlock }));
    api = await startTestApi({ INDEXER_URL: indexer.url, PIXLINGS_INDEXER_CHAINS: JSON.stringify(chains) });
    // 60, 61 alice's on Ethereum; 62 hers on Polygon; 63, 64 card-owned (custody on Ethereum for a card order); 65 reserved.
    await voucherMint(eth, alice, [60, 61]);
    await voucherMint(pol, alice, [62]);
    const buyer = await findOrCreateWalletUser(api.database.db, testAccount("explorer-buyer").address);
    await api.database.db
      .insert(cardOrders)
      .values({ id: "explorer-card", userId: buyer.id, chainId: 31337, tokenIds: [63, 64], amountCents: 7000, state: "minted" });
    await custodyMint(eth, [63, 64]);
    await api.database.db.insert(reservations).values({
      tokenId: 65,
      address: alice.address,
      userId: buyer.id,
      chainId: 31337,
      deadline: new Date(Date.now() + 540_000),
      holdUntil: new Date(Date.now() + 600_000),
    });
    await Promise.all([replaceArt(eth, 120, PAINTED), replaceArt(pol, 120, PAINTED)]);
    await eventually(
      async () => {
        everyPix = await everyPage("status=any");
        const byId = new Map(everyPix.map((nft) => [nft.tokenId, nft]));
        return (
          byId.get(64)?.ownerType === "card" &&
          byId.get(62)?.isMinted === true &&
          byId.get(65)?.reservedUntil !== null &&
          byId.get(120)?.imageUrl.endsWith("?v=2") === true
        );
      },
      () => "mints, the reservation and the painted art to show",
      30_000,
    );
  });
  after(async () => {
    await api?.close();
    await indexer?.stop();
    await Promise.all([eth?.chain.stop(), pol?.chain.stop()]);
  });

  it("lists the whole catalogue with status=any, and by default the Pix for sale only", async () => {
    assert.equal(everyPix.length, 9999);
    assert.deepEqual(
      ids(everyPix),
      Array.from({ length: 9999 }, (_, i) => i + 1),
    );
    const forSale = await everyPage("");
    assert.deepEqual(ids(forSale), ids(everyPix.filter((nft) => !nft.isMinted && !nft.reservedUntil)));
    // Browse's first names for the same lists.
    assert.deepEqual(ids((await getJson<AvailablePage>("/api/nfts/available")).nfts), ids(forSale).slice(0, 100));
    assert.deepEqual(ids((await getJson<AvailablePage>("/api/nfts/available?sold=include&page=2")).nfts), ids(everyPix).slice(100, 200));
  });

  it("a three-filter query and its facets equal the catalogue filtered Pix by Pix", async () => {
    const query = "tier=common,rare&colorCount=4,5&symmetry=vertical,none&status=any";
    const tiers = ["Common", "Rare"];
    const keeps = (nft: Nft, skip?: string) =>
      (skip === "tier" || tiers.includes(nft.rarity)) &&
      (skip === "colorCount" || [4, 5].includes(nft.colorCount)) &&
      (skip === "symmetry" || ["vertical", "none"].includes(nft.symmetryType));
    const expected = everyPix.filter((nft) => keeps(nft));
    assert.ok(expected.length > 100, "more than one page");
    assert.deepEqual(ids(await everyPage(query)), ids(expected));

    const facets = await getJson<NftFacets>(`/api/nfts/facets?${query}`);
    assert.equal(facets.total, expected.length);
    const counted = (skip: string, has: (nft: Nft) => boolean) => everyPix.filter((nft) => keeps(nft, skip) && has(nft)).length;
    for (const { value, count } of facets.tier)
      assert.equal(
        count,
        counted("tier", (nft) => nft.rarity === value),
        `tier ${value}`,
      );
    for (const { value, count } of facets.colorCount)
      assert.equal(
        count,
        counted("colorCount", (nft) => nft.colorCount === value),
        `colours ${value}`,
      );
    for (const { value, count } of facets.symmetry)
      assert.equal(
        count,
        counted("symmetry", (nft) => nft.symmetryType === value),
        `symmetry ${value}`,
      );
    for (const { value, count } of facets.status)
      assert.equal(
        count,
        counted("status", (nft) => statesOf(nft).includes(value)),
        `status ${value}`,
      );
    for (const { value, count } of facets.price)
      assert.equal(
        count,
        counted("price", (nft) => CARD_PRICE_CENTS[nft.rarity] === value),
        `price ${value}`,
      );
    const artists = new Map(everyPix.filter((nft) => nft.artistId !== null).map((nft) => [nft.artistId!, nft.artistName!]));
    assert.deepEqual(
      facets.artist.map(({ value, name }) => [value, name]),
      [...artists].sort((a, b) => a[0] - b[0]),
    );
  });

  it("filters by status: minted on each chain, card-owned, reserved", async () => {
    const of = async (status: string) => ids(await everyPage(`status=${status}`));
    assert.deepEqual(await of("minted-polygon"), [62]);
    assert.deepEqual(await of("card"), [63, 64]);
    assert.deepEqual(await of("reserved"), [65]);
    assert.deepEqual(await of("minted-ethereum"), [60, 61, 63, 64]);
    assert.deepEqual(await of("reserved,minted-polygon"), [62, 65]);
    const facets = await getJson<NftFacets>("/api/nfts/facets?status=any");
    assert.deepEqual(
      facets.status.map(({ value, count }) => [value, count]),
      [
        ["available", 9999 - 6],
        ["reserved", 1],
        ["minted-ethereum", 4],
        ["minted-polygon", 1],
        ["card", 2],
      ],
    );
  });

  it("finds the Pix containing a colour, in its art as replaced; offers the collection's colours", async () => {
    const facets = await getJson<NftFacets>("/api/nfts/facets?status=any");
    assert.deepEqual(
      facets.color.filter((c) => c.value === "f2aa4c"),
      [{ value: "f2aa4c", count: 1 }],
    );
    assert.deepEqual(ids(await everyPage("color=F2AA4C&status=any")), [120]);
    assert.deepEqual(ids(await everyPage("color=f2aa4c,101820&status=any")), [120]);
    // The fixture colours are in every other piece with art (1..249), and in nothing without.
    const fixture = await everyPage("color=e94560&status=any");
    assert.ok(fixture.length > 200 && fixture.every((nft) => nft.tokenId <= 249 && nft.tokenId !== 120));
    assert.deepEqual(ids(await everyPage("color=f2aa4c,e94560&status=any")), []);
  });

  it("sorts by price, colours and most recent mint; ranges the card price in USD", async () => {
    const byPrice = await everyPage("sort=-price&tier=rare,artist");
    const prices = byPrice.map((nft) => CARD_PRICE_CENTS[nft.rarity]);
    assert.deepEqual(
      prices,
      [...prices].sort((a, b) => b - a),
    );
    const colours = (await getJson<AvailablePage>("/api/nfts?sort=colorCount")).nfts.map((nft) => nft.colorCount);
    assert.deepEqual(
      colours,
      [...colours].sort((a, b) => a - b),
    );
    assert.deepEqual(ids(await everyPage("minUsd=100&maxUsd=200&status=any")), ids(everyPix.filter((nft) => nft.rarity === "Rare")));
    assert.deepEqual(ids(await everyPage("minUsd=455.01&status=any")), []);

    const recent = (await getJson<AvailablePage>("/api/nfts?sort=recent&status=any&limit=10")).nfts;
    const mintedAt = async (id: number) => Date.parse((await getJson<PixHistory>(`/api/nfts/token/${id}/history`)).events[0]!.at);
    const times = await Promise.all(recent.slice(0, 5).map((nft) => mintedAt(nft.tokenId)));
    assert.deepEqual(new Set(ids(recent.slice(0, 5))), new Set([60, 61, 62, 63, 64]));
    for (let i = 1; i < 5; i++) {
      assert.ok(times[i - 1]! > times[i]! || (times[i - 1] === times[i] && recent[i - 1]!.tokenId < recent[i]!.tokenId), `newest first: ${ids(recent)}`);
    }
    assert.deepEqual(ids(recent.slice(5)), [1, 2, 3, 4, 5], "then the unminted by id");
    // A new mint goes to the top.
    await voucherMint(eth, alice, [70]);
    await eventually(
      async () => (await getJson<AvailablePage>("/api/nfts?sort=recent&status=any&limit=1")).nfts[0]?.tokenId === 70,
      () => "Pix 70 first in the recent order",
      15_000,
    );
  });

  it("answers with an ETag (304 when unchanged), and 400 naming the parameter for a bad value", async () => {
    for (const path of ["/api/nfts?tier=rare&symmetry=both&colorCount=3", "/api/nfts/facets?tier=rare&symmetry=both&colorCount=3"]) {
      const first = await fetch(`${api.url}${path}`);
      assert.equal(first.headers.get("cache-control"), "no-cache");
      const etag = first.headers.get("etag");
      assert.ok(etag, path);
      const again = await fetch(`${api.url}${path}`, { headers: { "if-none-match": etag, "cache-control": "max-age=0" } });
      assert.equal(again.status, 304, path);
    }
    for (const [path, name] of [
      ["/api/nfts?tier=epic", "query.tier"],
      ["/api/nfts/facets?color=red", "query.color"],
      ["/api/nfts?minUsd=50&maxUsd=10", "query.maxUsd"],
      ["/api/nfts?limit=500", "query.limit"],
      ["/api/nfts/facets?sold=include", "query"],
    ] as const) {
      const { message } = await getJson<{ message: string }>(path, 400);
      assert.ok(message.includes(`${name}:`), `${path}: ${message}`);
    }
  });
});
