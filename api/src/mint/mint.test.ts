// Crypto sales against two real anvil chains (fixture art for ids 1..249), a real Ponder and the
// real API (twice: the shop's settings, and one with a 1 s voucher, 1 s margin and 2 confirmations):
// vouchers and reservations, a wallet's own mint, confirmation, caps, release by chain time, bad input.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { and, eq, isNull } from "drizzle-orm";
import { createWalletClient, http, parseEther, type Hash, type LocalAccount } from "viem";
import { CHAINS } from "@pixlings/shared/chains";
import { pixlingsAbi } from "@pixlings/shared/contract";
import { eventually, mine, startDeployedChain, startTestIndexer, testAccount, waitCaughtUp, type TestChain, type TestIndexer } from "../../../indexer/test/harness.ts";
import { fixtureChunk } from "../../../scripts/deploy/test-fixtures.ts";
import { reservations } from "../db/schema.ts";
import { signIn } from "../testing/signIn.ts";
import { cookieFetch, startTestApi, type TestApi } from "../testing/startTestApi.ts";
import type { Authorization } from "./authorizeMint.ts";

type Jar = ReturnType<typeof cookieFetch>;
type Body = Record<string, unknown>;
const account = (name: string): LocalAccount => testAccount(`mint-${name}`);
const [alice, bob, carol, dave, erin, frank, gina, hank, ivy, judy] = [
  account("alice"), account("bob"), account("carol"), account("dave"), account("erin"),
  account("frank"), account("gina"), account("hank"), account("ivy"), account("judy"),
];
const accounts = [alice, bob, carol, dave, erin, frank, gina, hank, ivy, judy];
let eth: TestChain;
let pol: TestChain;
let indexer: TestIndexer;
/** The shop: 30 s vouchers, 60 s margin, 1 confirmation. */
let api: TestApi;
/** 1 s vouchers, 1 s margin, 2 confirmations. */
let brief: TestApi;
const jars = new Map<TestApi, Map<LocalAccount, Jar>>();

const post = (on: TestApi, who: LocalAccount | undefined, path: string, body: unknown) =>
  ((who && jars.get(on)?.get(who)) || cookieFetch(on.url)).fetch(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
const authorize = (who: LocalAccount, tokenIds: unknown, chainId: number, on: TestApi = api) => post(on, who, "/api/mint/authorize", { tokenIds, chainId });
const specific = (body: Body, on: TestApi = api) => post(on, undefined, "/api/mint/specific", { paymentMethod: "crypto", ...body });

async function expectStatus(res: Response, status: number, pattern?: RegExp): Promise<Body> {
  const body = (await res.json()) as Body;
  assert.equal(res.status, status, JSON.stringify(body));
  if (status >= 400) assert.equal(typeof body.message, "string");
  if (pattern) assert.match(String(body.message), pattern);
  return body;
}
const authorized = async (res: Promise<Response>): Promise<Authorization> => (await expectStatus(await res, 200)) as unknown as Authorization;

/** The buyer's own wallet sends the voucher's `mint(ids, deadline, signature)` with its value. */
async function sendMint(c: TestChain, buyer: LocalAccount, auth: Authorization, overrides: { signature?: Hash; gas?: bigint } = {}): Promise<Hash> {
  const wallet = createWalletClient({ account: buyer, chain: c.clients.walletClient.chain, transport: http(c.chain.url) });
  const hash = await wallet.writeContract({
    address: auth.voucher.contract,
    abi: pixlingsAbi,
    functionName: "mint",
    args: [auth.voucher.ids.map(BigInt), BigInt(auth.voucher.deadline), overrides.signature ?? auth.voucher.signature],
    value: BigInt(auth.value),
    ...(overrides.gas ? { gas: overrides.gas } : {}),
  });
  await c.clients.publicClient.waitForTransactionReceipt({ hash });
  return hash;
}

/** Ponder's latest indexed block timestamp on `chainId` (unix seconds). */
async function indexedTime(chainId: number): Promise<number> {
  const status = (await (await fetch(`${indexer.url}/status`)).json()) as Record<string, { id: number; block: { timestamp: number } }>;
  return Object.values(status).find((s) => s.id === chainId)?.block.timestamp ?? 0;
}

const liveRows = (on: TestApi, tokenId: number) =>
  on.database.db.select().from(reservations).where(and(eq(reservations.tokenId, tokenId), isNull(reservations.releasedAt)));

describe("crypto sales", () => {
  before(async () => {
    [eth, pol] = await Promise.all([startDeployedChain(31337, [fixtureChunk(0)]), startDeployedChain(31338, [fixtureChunk(0)])]);
    for (const c of [eth, pol]) for (const a of accounts) await c.test.setBalance({ address: a.address, value: parseEther("1000") });
    indexer = await startTestIndexer([eth, pol]);
    await waitCaughtUp(indexer, [eth, pol]);
    const chains = JSON.stringify([eth, pol].map((c) => ({ chainId: c.chainId, rpcUrl: c.chain.url, address: c.address, startBlock: c.deployBlock })));
    const common = { INDEXER_URL: indexer.url, PIXLINGS_INDEXER_CHAINS: chains, RESERVATION_SWEEP_MS: "100", MINT_AUTHORIZE_PER_MINUTE: "1000", MINT_IP_PER_MINUTE: "1000" };
    [api, brief] = await Promise.all([
      startTestApi({ ...common, VOUCHER_TTL_SECONDS: "30", RESERVATION_MARGIN_SECONDS: "60" }),
      startTestApi({ ...common, VOUCHER_TTL_SECONDS: "1", RESERVATION_MARGIN_SECONDS: "1", MINT_CONFIRMATIONS: "2" }, { seedCatalogue: false }),
    ]);
    for (const on of [api, brief]) {
      const signedIn = new Map<LocalAccount, Jar>();
      for (const a of accounts) signedIn.set(a, await signIn(on, a));
      jars.set(on, signedIn);
    }
  });
  after(async () => {
    await Promise.all([api?.close(), brief?.close()]);
    await indexer?.stop();
    await Promise.all([eth?.chain.stop(), pol?.chain.stop()]);
  });

  it("lists the chains on sale, primary first, as the indexer resolves them", async () => {
    const chains = (await (await fetch(`${api.url}/api/chains`)).json()) as Body[];
    assert.deepEqual(chains, [
      { chainId: 31337, name: "Local Ethereum", network: "ethereum", coin: "ETH", contract: eth.address, rpcUrl: eth.chain.url, explorerUrl: null, gasLabel: CHAINS[31337].gasLabel, primary: true },
      { chainId: 31338, name: "Local Polygon", network: "polygon", coin: "POL", contract: pol.address, rpcUrl: pol.chain.url, explorerUrl: null, gasLabel: CHAINS[31338].gasLabel, primary: false },
    ]);
  });

  it("voucher -> the buyer's own mint -> confirmed -> indexed -> nobody can buy those ids on either chain", async () => {
    const auth = await authorized(authorize(alice, [50, 51], 31337));
    assert.deepEqual({ ...auth.voucher, signature: undefined, deadline: undefined }, { chainId: 31337, contract: eth.address, recipient: alice.address, ids: [50, 51], signature: undefined, deadline: undefined });
    assert.equal(auth.value, parseEther("0.02").toString(), "two Common Pix at 0.01 ETH");
    assert.equal(Date.parse(auth.reservedUntil), (auth.voucher.deadline + 60) * 1000, "held until deadline + margin");

    const clash = await expectStatus(await authorize(bob, [51, 52], 31338), 409, /^Pix #51 is reserved until \d\d:\d\d:\d\d UTC$/);
    assert.deepEqual([clash.code, clash.tokenIds, clash.reservedUntil], ["reserved", [51], auth.reservedUntil]);

    const hash = await sendMint(eth, alice, auth);
    const body = { tokenIds: [50, 51], walletAddress: alice.address, chainId: 31337, transactionHash: hash };
    const confirmed = await expectStatus(await specific(body), 200);
    assert.deepEqual(confirmed, { txHash: hash, chainId: 31337, tokenIds: [50, 51] });
    assert.deepEqual(await expectStatus(await specific(body), 200), confirmed, "idempotent");
    assert.deepEqual(await liveRows(api, 50), [], "the chain holds it now: the reservation is released");

    await waitCaughtUp(indexer, [eth]);
    for (const chainId of [31338, 31337]) {
      const refused = await expectStatus(await authorize(bob, [52, 50], chainId), 409, /^Pix #50 is already minted on Local Ethereum$/);
      assert.deepEqual([refused.code, refused.chainId, refused.tokenIds], ["minted", 31337, [50]]);
    }
  });

  it("confirms only successful Pixlings mints to the named wallet, with enough confirmations", async () => {
    const base = { walletAddress: alice.address, chainId: 31337 };
    const wallet = createWalletClient({ account: alice, chain: eth.clients.walletClient.chain, transport: http(eth.chain.url) });
    const transfer = await wallet.sendTransaction({ to: bob.address, value: 1n });
    await eth.clients.publicClient.waitForTransactionReceipt({ hash: transfer });
    await expectStatus(await specific({ ...base, transactionHash: transfer }), 422, /is not a Pixlings mint on Local Ethereum/);

    // A forged voucher, sent with a fixed gas limit so that it is mined and reverts.
    const auth = await authorized(authorize(alice, [53], 31337));
    const reverted = await sendMint(eth, alice, auth, { signature: `0x${"11".repeat(65)}`, gas: 300_000n });
    assert.equal((await eth.clients.publicClient.getTransactionReceipt({ hash: reverted })).status, "reverted");
    await expectStatus(await specific({ ...base, transactionHash: reverted }), 422, /failed on Local Ethereum/);

    const good = await sendMint(eth, alice, auth);
    await expectStatus(await specific({ ...base, transactionHash: good }, brief), 409, /confirmations \(1\/2\)/);
    await expectStatus(await specific({ ...base, walletAddress: bob.address, transactionHash: good }), 422, /minted no Pix to/);
    await expectStatus(await specific({ ...base, tokenIds: [53, 54], transactionHash: good }), 422, /did not mint Pix #54/);
    await expectStatus(await specific({ ...base, tokenId: 54, tokenIds: [53], transactionHash: good }), 422, /did not mint Pix #54/);
    await expectStatus(await specific({ ...base, chainId: 31338, transactionHash: good }), 404, /Unknown transaction/);
    await expectStatus(await specific({ ...base, transactionHash: `0x${"ab".repeat(32)}` }), 404, /Unknown transaction/);
    const ok = await expectStatus(await specific({ ...base, tokenId: 53, walletAddress: alice.address.toLowerCase(), transactionHash: good.toUpperCase().replace("0X", "0x") }), 200);
    assert.deepEqual(ok, { txHash: good, chainId: 31337, tokenIds: [53] });
    const waiting = await expectStatus(await specific({ ...base, transactionHash: good }, brief), 409);
    assert.deepEqual([waiting.code, waiting.confirmations, waiting.required], ["confirmations", 1, 2]);
    await mine(eth, 1);
    assert.deepEqual(await expectStatus(await specific({ ...base, transactionHash: good }, brief), 200), ok);
  });

  it("caps: 10 per order (400), 10 reserved per address, 10 per wallet across chains; renewal only on the same chain", async () => {
    await expectStatus(await authorize(carol, [60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70], 31337), 400, /at most 10 Pix per order/);
    const first = await authorized(authorize(carol, [60, 61, 62, 63, 64, 65, 66, 67], 31337));
    const cap = await expectStatus(await authorize(carol, [71, 72, 73], 31338), 409, /at most 10 reserved Pix at a time; you hold 8/);
    assert.equal(cap.code, "reservation_cap");
    await authorized(authorize(carol, [71, 72], 31338));
    const renewed = await authorized(authorize(carol, [60], 31337));
    assert.ok(Date.parse(renewed.reservedUntil) >= Date.parse(first.reservedUntil));
    await expectStatus(await authorize(carol, [71], 31337), 409, /Pix #71 is reserved until/);
    // alice owns 50, 51 and 53 on Local Ethereum: 3 + 8 > 10 on Local Polygon.
    await waitCaughtUp(indexer, [eth]);
    const wallet = await expectStatus(await authorize(alice, [80, 81, 82, 83, 84, 85, 86, 87], 31338), 409, /10 Pix per wallet across chains: you own 3 and have 0 reserved/);
    assert.equal(wallet.code, "wallet_cap");
    await authorized(authorize(alice, [80, 81, 82, 83, 84, 85, 86], 31338));
  });

  it("counts a reserved id minted without /specific once (owned), not twice", async () => {
    const auth = await authorized(authorize(gina, [120, 121, 122, 123, 124], 31337));
    await sendMint(eth, gina, auth);
    await waitCaughtUp(indexer, [eth]);
    assert.equal((await liveRows(api, 120)).length, 1, "still held: nobody called /api/mint/specific");
    await authorized(authorize(gina, [125, 126, 127, 128, 129], 31338));
    await expectStatus(await authorize(gina, [130], 31338), 409, /you own 5 and have 5 reserved/);
  });

  it("settles races through the API: one buyer per id, one address within its cap", async () => {
    const race = await Promise.all([authorize(hank, [140, 141], 31337), authorize(ivy, [141, 142], 31338)]);
    assert.deepEqual(race.map((r) => r.status).sort(), [200, 409]);
    const loser = await expectStatus(race.find((r) => r.status === 409) as Response, 409, /Pix #141 is reserved until/);
    assert.deepEqual(loser.tokenIds, [141]);
    const spree = await Promise.all([authorize(judy, [150, 151, 152, 153, 154, 155], 31337), authorize(judy, [156, 157, 158, 159, 160, 161], 31338)]);
    assert.deepEqual(spree.map((r) => r.status).sort(), [200, 409]);
    assert.equal((await expectStatus(spree.find((r) => r.status === 409) as Response, 409)).code, "reservation_cap");
  });

  it("holds a reservation until its chain is indexed past deadline + margin, even when the chain runs ahead of our clock", async () => {
    const held = await authorized(authorize(dave, [90], 31338));
    const holdUntil = Date.parse(held.reservedUntil) / 1000;
    // Chain time passes the deadline (the voucher is dead) but not the margin: still held.
    await pol.test.increaseTime({ seconds: 30 + 40 });
    await mine(pol, 1);
    await waitCaughtUp(indexer, [pol]);
    const time = await indexedTime(31338);
    assert.ok(time > held.voucher.deadline && time < holdUntil, `indexed ${time}, deadline ${held.voucher.deadline}, holdUntil ${holdUntil}`);
    await assert.rejects(sendMint(pol, dave, held), /VoucherExpired/);
    await expectStatus(await authorize(bob, [90], 31337), 409, /reserved until/);
    // Past the margin: released, although our clock is still far from holdUntil.
    await pol.test.increaseTime({ seconds: 40 });
    await mine(pol, 1);
    let status = 0;
    await eventually(async () => (status = (await authorize(bob, [90], 31337)).status) === 200, () => `authorize answered ${status}`);
    assert.ok(Date.now() / 1000 < holdUntil, "released by chain time, before our clock reached holdUntil");
  });

  it("does not release by our clock: past holdUntil it waits until the chain is indexed past it", async () => {
    const held = await authorized(authorize(erin, [110], 31337, brief));
    const holdUntil = Date.parse(held.reservedUntil);
    // A full second past it, so that the next block's timestamp (whole seconds) is past it too.
    await eventually(async () => Date.now() > holdUntil + 1_100, () => `clock before ${held.reservedUntil}`, 10_000);
    assert.ok((await indexedTime(31337)) * 1000 < holdUntil, "premise: no block of Local Ethereum indexed past holdUntil yet");
    const refused = await expectStatus(await authorize(frank, [110], 31337, brief), 409, /reserved until/);
    assert.equal(refused.reservedUntil, held.reservedUntil);
    assert.equal((await liveRows(brief, 110)).length, 1);
    await mine(eth, 1);
    let status = 0;
    await eventually(async () => (status = (await authorize(frank, [110], 31337, brief)).status) === 200, () => `authorize answered ${status}`);
    const [erinsRow] = await brief.database.db.select().from(reservations).where(and(eq(reservations.tokenId, 110), eq(reservations.address, erin.address)));
    assert.ok(erinsRow?.releasedAt, "erin's reservation is released");
  });

  it("answers bad input with 4xx and a message", async () => {
    const hash = `0x${"ab".repeat(32)}`;
    const good = { paymentMethod: "crypto", walletAddress: bob.address, chainId: 31337, transactionHash: hash };
    const cases: [LocalAccount | undefined, string, unknown, number, RegExp][] = [
      [undefined, "/api/mint/authorize", { tokenIds: [100], chainId: 31337 }, 401, /^Sign in with Ethereum first$/],
      [undefined, "/api/mint/authorize", { tokenIds: ["abc"] }, 401, /^Sign in with Ethereum first$/],
      [bob, "/api/mint/authorize", { tokenIds: ["abc"], chainId: 31337 }, 400, /tokenIds\.0: must be a token id/],
      [bob, "/api/mint/authorize", { tokenIds: [0], chainId: 31337 }, 400, /tokenIds\.0: must be a token id \(1\.\.9999\)/],
      [bob, "/api/mint/authorize", { tokenIds: [10000], chainId: 31337 }, 400, /tokenIds\.0: must be a token id/],
      [bob, "/api/mint/authorize", { tokenIds: [1.5], chainId: 31337 }, 400, /tokenIds\.0: must be a token id/],
      [bob, "/api/mint/authorize", { tokenIds: [100, 100], chainId: 31337 }, 400, /must not repeat a Pix/],
      [bob, "/api/mint/authorize", { tokenIds: [], chainId: 31337 }, 400, /at least one/],
      [bob, "/api/mint/authorize", { tokenIds: 100, chainId: 31337 }, 400, /tokenIds: must be a list/],
      [bob, "/api/mint/authorize", { tokenIds: [100] }, 400, /chainId: must be a chain id/],
      [bob, "/api/mint/authorize", { tokenIds: [100], chainId: "31337" }, 400, /chainId: must be a chain id/],
      [bob, "/api/mint/authorize", { tokenIds: [100], chainId: 1 }, 400, /Chain 1 is not supported/],
      [bob, "/api/mint/authorize", "{not json", 400, /Malformed JSON/],
      [bob, "/api/mint/authorize", { tokenIds: [300], chainId: 31337 }, 409, /Pix #300 has no art on Local Ethereum yet/],
      [undefined, "/api/mint/specific", { ...good, paymentMethod: "card" }, 400, /paymentMethod: must be "crypto"/],
      [undefined, "/api/mint/specific", { ...good, walletAddress: "0x12" }, 400, /walletAddress: must be a 0x-prefixed 20-byte hex address/],
      [undefined, "/api/mint/specific", { ...good, walletAddress: `0x${"zz".repeat(20)}` }, 400, /walletAddress/],
      [undefined, "/api/mint/specific", { ...good, transactionHash: "0x12" }, 400, /transactionHash: must be a 0x-prefixed 32-byte hash/],
      [undefined, "/api/mint/specific", { ...good, transactionHash: undefined }, 400, /transactionHash/],
      [undefined, "/api/mint/specific", { ...good, tokenId: 0 }, 400, /tokenId: must be a token id/],
      [undefined, "/api/mint/specific", { ...good, tokenIds: [5, 5] }, 400, /must not repeat/],
      [undefined, "/api/mint/specific", { ...good, chainId: 5 }, 400, /Chain 5 is not supported/],
      [undefined, "/api/mint/specific", { ...good, chainId: undefined }, 400, /chainId/],
      [undefined, "/api/mint/specific", "[1,", 400, /Malformed JSON/],
      [undefined, "/api/mint/specific", {}, 400, /paymentMethod/],
    ];
    for (const [who, path, body, status, pattern] of cases) await expectStatus(await post(api, who, path, body), status, pattern);
    const forged = await fetch(`${api.url}/api/mint/authorize`, { method: "POST", headers: { "content-type": "application/json", cookie: "pixlings_session=forged.value" }, body: "{}" });
    await expectStatus(forged, 401, /Sign in with Ethereum first/);
  });
});
