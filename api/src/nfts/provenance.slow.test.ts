// Owners and provenance (issue 20) against two real anvil chains (fixture art for ids 1..249), a
// real Ponder and the real API: Browse's sold and artist listings, a Pix's history from the
// indexer's token_event table, and the Owners stat counting card buyers.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, describe, it } from "node:test";
import type { Nft, PixHistory } from "@pixlings/shared/http/nfts";
import { fixtureChunk } from "@pixlings/test-kit/artFixtures";
import { startTestApi, type TestApi } from "@pixlings/test-kit/api";
import {
  custodyMint,
  eventually,
  replaceArt,
  startDeployedChain,
  startTestIndexer,
  testAccount,
  transfer,
  voucherMint,
  waitCaughtUp,
  type TestChain,
  type TestIndexer,
} from "@pixlings/test-kit/indexer";
import { cardOrders } from "../db/tables/cardOrders.ts";
import { findOrCreateWalletUser } from "../users/findOrCreateWalletUser.ts";

const alice = testAccount("provenance-alice");
const bob = testAccount("provenance-bob");
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

describe("owners and provenance", () => {
  before(async () => {
    [eth, pol] = await Promise.all([startDeployedChain(31337, [fixtureChunk(0)]), startDeployedChain(31338, [fixtureChunk(0)])]);
    indexer = await startTestIndexer([eth, pol]);
    await waitCaughtUp(indexer, [eth, pol]);
    // The API sells on exactly these chains: its custody address is custody's on the first (Ethereum).
    const chains = [eth, pol].map((c) => ({ chainId: c.chainId, rpcUrl: c.chain.url, address: c.address, startBlock: c.deployBlock }));
    api = await startTestApi({ INDEXER_URL: indexer.url, PIXLINGS_INDEXER_CHAINS: JSON.stringify(chains) });
    // 30, 31: alice's on Ethereum, 31 then given to bob; 32: custody's address on Polygon (not custody's chain); 33: alice's on Polygon.
    await voucherMint(eth, alice, [30, 31]);
    await custodyMint(pol, [32]);
    await voucherMint(pol, alice, [33]);
    await transfer(eth, alice, bob.address, 31);
    await eventuallyToken(31, { walletOwner: bob.address });
    await eventuallyToken(33, { isMinted: true });
  });
  after(async () => {
    await api?.close();
    await indexer?.stop();
    await Promise.all([eth?.chain.stop(), pol?.chain.stop()]);
  });

  it("lists sold Pix too on request (sold=include), and one artist's pieces (artist=)", async () => {
    const withSold = await getJson<Page>("/api/nfts/available?sold=include&limit=100");
    const withoutSold = await getJson<Page>("/api/nfts/available?limit=100");
    assert.ok(withSold.pagination.total >= withoutSold.pagination.total + 4);
    assert.deepEqual(
      withSold.nfts.filter((n) => [30, 31, 32, 33].includes(n.tokenId)).map((n) => [n.tokenId, n.isMinted]),
      [
        [30, true],
        [31, true],
        [32, true],
        [33, true],
      ],
    );
    assert.deepEqual(
      withSold.nfts.map((n) => n.tokenId),
      [...withSold.nfts.map((n) => n.tokenId)].sort((a, b) => a - b),
      "in token order",
    );

    const artistId = (await token(1)).artistId!;
    const pieces = await getJson<Nft[]>(`/api/nfts/by-artist/${artistId}`);
    const listed = await getJson<Page>(`/api/nfts/available?artist=${artistId}&sold=include&limit=100`);
    assert.deepEqual(
      listed.nfts.map((n) => n.tokenId),
      pieces.map((n) => n.tokenId),
    );
    assert.ok(listed.nfts.every((n) => n.artistId === artistId));
    assert.equal((await getJson<Page>(`/api/nfts/available?artist=${artistId}&filter=common`)).pagination.total, 0);
    assert.equal((await getJson<Page>("/api/nfts/available?artist=999999")).pagination.total, 0);
  });

  it("tells a Pix's history from the indexer: minted, moved (from custody to a buyer's wallet marked), art replaced", async () => {
    const events = async (id: number) => (await getJson<PixHistory>(`/api/nfts/token/${id}/history`)).events;
    // 31: minted to alice on Ethereum, then given to bob.
    const moved = await events(31);
    assert.deepEqual(
      moved.map((e) => [e.kind, e.chainId, e.from, e.to, e.fromCustody, e.toCustody]),
      [
        ["minted", 31337, null, alice.address, false, false],
        ["moved", 31337, alice.address, bob.address, false, false],
      ],
    );
    assert.ok(moved.every((e) => /^0x[0-9a-f]{64}$/.test(e.txHash) && !Number.isNaN(Date.parse(e.at))));
    assert.ok(Date.parse(moved[0]!.at) <= Date.parse(moved[1]!.at));

    // A card Pix: minted to custody on the primary chain, then moved to its buyer's wallet.
    await custodyMint(eth, [36]);
    await transfer(eth, eth.custody, alice.address, 36);
    let card: PixHistory["events"] = [];
    await eventually(
      async () => (card = await events(36)).length === 2,
      () => `history of 36: ${JSON.stringify(card)}`,
      15_000,
    );
    assert.deepEqual(
      card.map((e) => [e.kind, e.fromCustody, e.toCustody, e.to]),
      [
        ["minted", false, true, eth.custody.address],
        ["moved", true, false, alice.address],
      ],
    );
    // The custody address on a chain that is not custody's is an ordinary holder.
    assert.deepEqual(
      (await events(32)).map((e) => [e.kind, e.chainId, e.toCustody]),
      [["minted", 31338, false]],
    );

    // Art replaced on both chains; the first upload is no event.
    const art = { palette: [0x101820, 0xf2aa4c], pixels: Uint8Array.from({ length: 81 }, (_, i) => i % 2) };
    await replaceArt(eth, 37, art);
    await replaceArt(pol, 37, art);
    let replaced: PixHistory["events"] = [];
    await eventually(
      async () => (replaced = await events(37)).length === 2,
      () => `history of 37: ${JSON.stringify(replaced)}`,
      15_000,
    );
    assert.deepEqual(replaced.map((e) => [e.kind, e.from, e.to]).sort(), [
      ["art-replaced", null, null],
      ["art-replaced", null, null],
    ]);
    assert.deepEqual(new Set(replaced.map((e) => e.chainId)), new Set([31337, 31338]));
    assert.deepEqual(await events(38), []);
    assert.equal((await getJson<{ message: string }>("/api/nfts/token/abc/history", 400)).message.length > 0, true);
  });

  it("counts each card buyer as an owner in /api/stats, never the custody address, and a buyer whose linked wallet holds a Pix once", async () => {
    const owners = async () => (await getJson<{ owners: number }>("/api/stats")).owners;
    const before = await owners();
    const buyer = async (address: `0x${string}`) => (await findOrCreateWalletUser(api.database.db, address)).id;
    const stranger = () => `0x${randomBytes(20).toString("hex")}` as `0x${string}`;
    const [a, c] = [await buyer(stranger()), await buyer(stranger())];
    // Bob's account: his wallet already holds Pix 31.
    const b = await buyer(bob.address);
    await api.database.db.insert(cardOrders).values([
      { id: `reads-a-${Date.now()}`, userId: a, chainId: 31337, tokenIds: [41, 42], amountCents: 7000, state: "minted" },
      { id: `reads-b-${Date.now()}`, userId: b, chainId: 31337, tokenIds: [43], amountCents: 3500, state: "minted" },
      { id: `reads-c-${Date.now()}`, userId: c, chainId: 31337, tokenIds: [44], amountCents: 3500, state: "minted" },
    ]);
    await custodyMint(eth, [41, 42, 43, 44]);
    await eventuallyToken(44, { ownerType: "card" });
    let last = 0;
    await eventually(
      async () => (last = await owners()) === before + 2,
      () => `owners ${last}, expected ${before} + 2 (two new card buyers; bob already counted)`,
      15_000,
    );
  });
});
