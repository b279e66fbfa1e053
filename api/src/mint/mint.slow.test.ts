// Crypto sales against two real anvil chains (fixture art for ids 1..249), a real Ponder and the
// real API (twice: the shop's settings, and one with a 1 s voucher, 1 s margin and 2 confirmations):
// vouchers and reservations, a wallet's own mint, confirmation, caps, funds, release by final
// chain data only, pauses, bad input.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { and, eq, isNull } from "drizzle-orm";
import { createWalletClient, http, type LocalAccount } from "viem";
import { CHAINS } from "@pixlings/shared/chains";
import { pixlingsAbi } from "@pixlings/shared/contract";
import { eventually, mine, testAccount, waitCaughtUp } from "@pixlings/test-kit/indexer";
import { reservations } from "../db/tables/reservations.ts";
import {
  authorize,
  authorized,
  expectStatus,
  fund,
  postJson,
  sendMint,
  startSaleStack,
  type Body,
  type Jar,
  type SaleStack,
} from "@pixlings/test-kit/saleStack";
import { signIn } from "@pixlings/test-kit/signIn";
import { cookieFetch, type TestApi } from "@pixlings/test-kit/api";

const account = (name: string): LocalAccount => testAccount(`mint-${name}`);
const [alice, bob, carol, dave, erin, frank, gina, hank, ivy, judy] = ["alice", "bob", "carol", "dave", "erin", "frank", "gina", "hank", "ivy", "judy"].map(
  account,
) as [LocalAccount, LocalAccount, LocalAccount, LocalAccount, LocalAccount, LocalAccount, LocalAccount, LocalAccount, LocalAccount, LocalAccount];
const pauper = account("pauper");
const accounts = [alice, bob, carol, dave, erin, frank, gina, hank, ivy, judy, pauper];
let stack: SaleStack;
/** The shop: 30 s vouchers, 60 s margin, 1 confirmation. */
let api: TestApi;
/** 1 s vouchers, 1 s margin, 2 confirmations. */
let brief: TestApi;
const jars = new Map<TestApi, Map<LocalAccount, Jar>>();
const jar = (who: LocalAccount, on: TestApi = api): Jar => jars.get(on)?.get(who) ?? assert.fail("not signed in");
const ask = (who: LocalAccount, tokenIds: unknown, chainId: number, on: TestApi = api) => authorize(jar(who, on), tokenIds, chainId);
const specific = (body: Body, on: TestApi = api) => postJson(cookieFetch(on.url), "/api/mint/specific", { paymentMethod: "crypto", ...body });

/** Ponder's finalized block on `chainId`, as the API reads it. */
async function finalizedOn(on: TestApi, chainId: number): Promise<{ number: number; timestamp: number }> {
  const { createIndexerReader } = await import("../indexer/indexerReader.ts");
  const { httpIndexerDb } = await import("../indexer/indexerDb.ts");
  const { statuses } = await createIndexerReader(httpIndexerDb(on.config.indexerUrl), on.config.indexerUrl).saleFacts({ chainId, tokenIds: [] });
  return statuses.find((s) => s.chainId === chainId)?.finalized ?? assert.fail(`chain ${chainId} not indexed`);
}

/** Mines enough blocks for Ponder to finalize what is there now, and waits until it has indexed them. */
async function finalize(chain: SaleStack["eth"]): Promise<void> {
  await mine(chain, 70);
  await waitCaughtUp(stack.indexer, [chain]);
}

/** Waits until `who` may reserve `tokenIds` (authorize answers 200): once an earlier hold on them is released. */
async function eventuallyAuthorized(who: LocalAccount, tokenIds: number[], chainId: number, on: TestApi = api): Promise<void> {
  let status = 0;
  await eventually(
    async () => (status = (await ask(who, tokenIds, chainId, on)).status) === 200,
    () => `authorize answered ${status}`,
  );
}

/** `holder`'s reservation of `tokenId` (live or released). */
async function reservationOf(on: TestApi, tokenId: number, holder: LocalAccount): Promise<typeof reservations.$inferSelect | undefined> {
  const [row] = await on.database.db
    .select()
    .from(reservations)
    .where(and(eq(reservations.tokenId, tokenId), eq(reservations.address, holder.address)));
  return row;
}

const liveRows = (on: TestApi, tokenId: number) =>
  on.database.db
    .select()
    .from(reservations)
    .where(and(eq(reservations.tokenId, tokenId), isNull(reservations.releasedAt)));

describe("crypto sales", () => {
  before(async () => {
    stack = await startSaleStack();
    await fund(
      stack,
      accounts.filter((a) => a !== pauper),
    );
    [api, brief] = await Promise.all([
      // No cool-down here (every buyer is one client, 127.0.0.1): holdLimits.slow.test.ts tests it.
      stack.startApi({ VOUCHER_TTL_SECONDS: "30", RESERVATION_MARGIN_SECONDS: "60", RESERVATION_COOLDOWN_SECONDS: "0" }, { seedCatalogue: true }),
      stack.startApi({ VOUCHER_TTL_SECONDS: "1", RESERVATION_MARGIN_SECONDS: "1", MINT_CONFIRMATIONS: "2", RESERVATION_COOLDOWN_SECONDS: "0" }),
    ]);
    for (const on of [api, brief]) {
      const signedIn = new Map<LocalAccount, Jar>();
      for (const a of accounts) signedIn.set(a, await signIn(on, a));
      jars.set(on, signedIn);
    }
  });
  after(async () => {
    await stack?.close();
  });

  it("lists the chains on sale, primary first, as the indexer resolves them", async () => {
    const { eth, pol } = stack;
    const chains = (await (await fetch(`${api.url}/api/chains`)).json()) as Body[];
    assert.deepEqual(chains, [
      {
        chainId: 31337,
        name: "Local Ethereum",
        network: "ethereum",
        coin: "ETH",
        contract: eth.address,
        rpcUrl: eth.chain.url,
        explorerUrl: null,
        gasLabel: CHAINS[31337].gasLabel,
        primary: true,
      },
      {
        chainId: 31338,
        name: "Local Polygon",
        network: "polygon",
        coin: "POL",
        contract: pol.address,
        rpcUrl: pol.chain.url,
        explorerUrl: null,
        gasLabel: CHAINS[31338].gasLabel,
        primary: false,
      },
    ]);
  });

  it("voucher -> the buyer's own mint -> confirmed -> held until the mint is final -> nobody can buy those ids", async () => {
    const { eth, pol } = stack;
    const auth = await authorized(ask(alice, [50, 51], 31337));
    assert.deepEqual(
      { ...auth.voucher, signature: undefined, deadline: undefined },
      { chainId: 31337, contract: eth.address, recipient: alice.address, ids: [50, 51], signature: undefined, deadline: undefined },
    );
    assert.equal(auth.value, 20_000_000_000_000_000n.toString(), "two Common Pix at 0.01 ETH");
    assert.equal(Date.parse(auth.reservedUntil), (auth.voucher.deadline + 60) * 1000, "held until deadline + margin");

    const clash = await expectStatus(await ask(bob, [51, 52], 31338), 409, /^Pix #51 is reserved until \d\d:\d\d:\d\d UTC$/);
    assert.deepEqual([clash.code, clash.tokenIds, clash.reservedUntil], ["reserved", [51], auth.reservedUntil]);

    const hash = await sendMint(eth, alice, auth);
    // Renewing the ids just minted, before the indexer may show the mint: the chain itself says no.
    const again = await expectStatus(await ask(alice, [50, 51], 31337), 409, /^Pix #50 is already minted on Local Ethereum$/);
    assert.deepEqual([again.code, again.tokenIds], ["minted", [50]]);
    const body = { tokenIds: [50, 51], walletAddress: alice.address, chainId: 31337, transactionHash: hash };
    const confirmed = await expectStatus(await specific(body), 200);
    assert.deepEqual(confirmed, { txHash: hash, chainId: 31337, tokenIds: [50, 51] });
    assert.deepEqual(await expectStatus(await specific(body), 200), confirmed, "idempotent");
    // A client's report frees nothing: right after it, the other chain is still refused.
    await expectStatus(await ask(bob, [50], 31338), 409, /^Pix #50 is (reserved until|already minted on Local Ethereum)/);
    assert.equal((await liveRows(api, 50)).length, 1, "held until the indexer shows the mint final");

    await finalize(eth);
    await eventually(
      async () => (await liveRows(api, 50)).length === 0,
      () => "the final mint releases the hold",
    );
    const [row] = await api.database.db.select().from(reservations).where(eq(reservations.tokenId, 50));
    assert.equal(row?.releaseReason, "minted");
    for (const chainId of [31338, 31337]) {
      const refused = await expectStatus(await ask(bob, [52, 50], chainId), 409, /^Pix #50 is already minted on Local Ethereum$/);
      assert.deepEqual([refused.code, refused.chainId, refused.tokenIds], ["minted", 31337, [50]]);
    }
    assert.equal(await stack.pol.clients.publicClient.readContract({ address: pol.address, abi: pixlingsAbi, functionName: "totalSupply" }), 0n);
  });

  it("confirms only successful Pixlings mints to the named wallet, with enough confirmations", async () => {
    const { eth } = stack;
    const base = { walletAddress: alice.address, chainId: 31337 };
    const wallet = createWalletClient({ account: alice, chain: eth.clients.walletClient.chain, transport: http(eth.chain.url) });
    const transfer = await wallet.sendTransaction({ to: bob.address, value: 1n });
    await eth.clients.publicClient.waitForTransactionReceipt({ hash: transfer });
    await expectStatus(await specific({ ...base, transactionHash: transfer }), 422, /is not a Pixlings mint on Local Ethereum/);

    // A forged voucher, sent with a fixed gas limit so that it is mined and reverts.
    const auth = await authorized(ask(alice, [53], 31337));
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
    const ok = await expectStatus(
      await specific({ ...base, tokenId: 53, walletAddress: alice.address.toLowerCase(), transactionHash: good.toUpperCase().replace("0X", "0x") }),
      200,
    );
    assert.deepEqual(ok, { txHash: good, chainId: 31337, tokenIds: [53] });
    const waiting = await expectStatus(await specific({ ...base, transactionHash: good }, brief), 409);
    assert.deepEqual([waiting.code, waiting.confirmations, waiting.required], ["confirmations", 1, 2]);
    await mine(eth, 1);
    assert.deepEqual(await expectStatus(await specific({ ...base, transactionHash: good }, brief), 200), ok);
    await waitCaughtUp(stack.indexer, [eth]);
  });

  it("caps: 10 per order (400), 10 reserved per address, 10 minted per wallet across chains; renewal only on the same chain", async () => {
    await expectStatus(await ask(carol, [60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70], 31337), 400, /at most 10 Pix per order/);
    const first = await authorized(ask(carol, [60, 61, 62, 63, 64, 65, 66, 67], 31337));
    const cap = await expectStatus(await ask(carol, [71, 72, 73], 31338), 409, /at most 10 reserved Pix at a time; you hold 8/);
    assert.equal(cap.code, "reservation_cap");
    await authorized(ask(carol, [71, 72], 31338));
    const renewed = await authorized(ask(carol, [60], 31337));
    assert.ok(Date.parse(renewed.reservedUntil) >= Date.parse(first.reservedUntil));
    await expectStatus(await ask(carol, [71], 31337), 409, /Pix #71 is reserved until/);
    // alice has minted 50, 51 and 53 on Local Ethereum: 3 + 8 > 10 on Local Polygon.
    const wallet = await expectStatus(
      await ask(alice, [80, 81, 82, 83, 84, 85, 86, 87], 31338),
      409,
      /10 Pix per wallet across chains: 3 minted to you and 0 reserved/,
    );
    assert.equal(wallet.code, "wallet_cap");
    await authorized(ask(alice, [80, 81, 82, 83, 84, 85, 86], 31338));
  });

  it("counts a reserved id minted without /specific once (minted), not twice", async () => {
    const auth = await authorized(ask(gina, [120, 121, 122, 123, 124], 31337));
    await sendMint(stack.eth, gina, auth);
    await waitCaughtUp(stack.indexer, [stack.eth]);
    assert.equal((await liveRows(api, 120)).length, 1, "still held: not final yet");
    await authorized(ask(gina, [125, 126, 127, 128, 129], 31338));
    await expectStatus(await ask(gina, [130], 31338), 409, /5 minted to you and 5 reserved/);
  });

  it("reserves only for a wallet that can pay for the order and its other holds on that chain", async () => {
    const poor = await expectStatus(await ask(pauper, [131], 31337), 402, /^Your wallet holds 0 ETH on Local Ethereum; these Pix cost 0\.01 ETH plus gas$/);
    assert.equal(poor.code, "insufficient_funds");
    await stack.eth.test.setBalance({ address: pauper.address, value: 15_000_000_000_000_000n });
    await authorized(ask(pauper, [131], 31337));
    // 0.015 ETH covers one Common, not a second one on top of the first hold.
    await expectStatus(await ask(pauper, [132], 31337), 402, /this order and your other reserved Pix there cost 0\.02 ETH plus gas$/);
    assert.equal((await liveRows(api, 132)).length, 0);
  });

  it("settles races through the API: one buyer per id, one address within its cap", async () => {
    const race = await Promise.all([ask(hank, [140, 141], 31337), ask(ivy, [141, 142], 31338)]);
    assert.deepEqual(race.map((r) => r.status).sort(), [200, 409]);
    const loser = await expectStatus(race.find((r) => r.status === 409) as Response, 409, /Pix #141 is reserved until/);
    assert.deepEqual(loser.tokenIds, [141]);
    const spree = await Promise.all([ask(judy, [150, 151, 152, 153, 154, 155], 31337), ask(judy, [156, 157, 158, 159, 160, 161], 31338)]);
    assert.deepEqual(spree.map((r) => r.status).sort(), [200, 409]);
    assert.equal((await expectStatus(spree.find((r) => r.status === 409) as Response, 409)).code, "reservation_cap");
  });

  it("holds a reservation until a FINALIZED block is past deadline + margin, even when the chain runs ahead of our clock", async () => {
    const { pol } = stack;
    const held = await authorized(ask(dave, [90], 31338));
    const holdUntil = Date.parse(held.reservedUntil) / 1000;
    // Chain time passes the deadline (the voucher is dead) but not the margin: still held.
    await pol.test.increaseTime({ seconds: 30 + 40 });
    await finalize(pol);
    const early = await finalizedOn(api, 31338);
    assert.ok(
      early.timestamp > held.voucher.deadline && early.timestamp < holdUntil,
      `finalized ${early.timestamp}, deadline ${held.voucher.deadline}, holdUntil ${holdUntil}`,
    );
    await assert.rejects(sendMint(pol, dave, held), /VoucherExpired/);
    await expectStatus(await ask(bob, [90], 31337), 409, /reserved until/);
    // Latest block past the margin, finalized not yet: still held.
    await pol.test.increaseTime({ seconds: 40 });
    await mine(pol, 5);
    await waitCaughtUp(stack.indexer, [pol]);
    await expectStatus(await ask(bob, [90], 31337), 409, /reserved until/);
    // Finalized past the margin: released, although our clock is still far from holdUntil.
    await finalize(pol);
    await eventuallyAuthorized(bob, [90], 31337);
    assert.ok(Date.now() / 1000 < holdUntil, "released by chain time, before our clock reached holdUntil");
    assert.equal((await reservationOf(api, 90, dave))?.releaseReason, "expired");
  });

  it("does not release by our clock: past holdUntil it waits until a finalized block is past it", async () => {
    const { eth } = stack;
    const held = await authorized(ask(erin, [110], 31337, brief));
    const holdUntil = Date.parse(held.reservedUntil);
    // A full second past it, so that the next block's timestamp (whole seconds) is past it too.
    await eventually(
      async () => Date.now() > holdUntil + 1_100,
      () => `clock before ${held.reservedUntil}`,
      10_000,
    );
    assert.ok((await finalizedOn(brief, 31337)).timestamp * 1000 < holdUntil, "premise: no finalized block of Local Ethereum past holdUntil yet");
    const refused = await expectStatus(await ask(frank, [110], 31337, brief), 409, /reserved until/);
    assert.equal(refused.reservedUntil, held.reservedUntil);
    assert.equal((await liveRows(brief, 110)).length, 1);
    await finalize(eth);
    await eventuallyAuthorized(frank, [110], 31337, brief);
    assert.ok((await reservationOf(brief, 110, erin))?.releasedAt, "erin's reservation is released");
  });

  it("pauses vouchers on a chain whose contract is paused, with 503 and a message", async () => {
    const { pol } = stack;
    const setActive = async (active: boolean): Promise<void> => {
      const hash = await pol.clients.walletClient.writeContract({ address: pol.address, abi: pixlingsAbi, functionName: "setMintingActive", args: [active] });
      await pol.clients.publicClient.waitForTransactionReceipt({ hash });
      await waitCaughtUp(stack.indexer, [pol]);
    };
    await setActive(false);
    try {
      const paused = await expectStatus(await ask(hank, [170], 31338), 503, /^Minting is paused on Local Polygon for now\.$/);
      assert.equal(paused.code, "minting_paused");
      assert.equal((await liveRows(api, 170)).length, 0, "nothing held for a paused chain");
      await authorized(ask(hank, [170], 31337));
    } finally {
      await setActive(true);
    }
    await authorized(ask(hank, [171], 31338));
  });

  it("answers bad input with 4xx and a message", async () => {
    const hash = `0x${"ab".repeat(32)}`;
    const good = { paymentMethod: "crypto", walletAddress: bob.address, chainId: 31337, transactionHash: hash };
    const anonymous = cookieFetch(api.url);
    const cases: [Jar, string, unknown, number, RegExp][] = [
      [anonymous, "/api/mint/authorize", { tokenIds: [100], chainId: 31337 }, 401, /^Sign in with Ethereum first$/],
      [anonymous, "/api/mint/authorize", { tokenIds: ["abc"] }, 401, /^Sign in with Ethereum first$/],
      [jar(bob), "/api/mint/authorize", { tokenIds: ["abc"], chainId: 31337 }, 400, /tokenIds\.0: must be a token id/],
      [jar(bob), "/api/mint/authorize", { tokenIds: [0], chainId: 31337 }, 400, /tokenIds\.0: must be a token id \(1\.\.9999\)/],
      [jar(bob), "/api/mint/authorize", { tokenIds: [10000], chainId: 31337 }, 400, /tokenIds\.0: must be a token id/],
      [jar(bob), "/api/mint/authorize", { tokenIds: [1.5], chainId: 31337 }, 400, /tokenIds\.0: must be a token id/],
      [jar(bob), "/api/mint/authorize", { tokenIds: [100, 100], chainId: 31337 }, 400, /must not repeat a Pix/],
      [jar(bob), "/api/mint/authorize", { tokenIds: [], chainId: 31337 }, 400, /at least one/],
      [jar(bob), "/api/mint/authorize", { tokenIds: 100, chainId: 31337 }, 400, /tokenIds: must be a list/],
      [jar(bob), "/api/mint/authorize", { tokenIds: [100] }, 400, /chainId: must be a chain id/],
      [jar(bob), "/api/mint/authorize", { tokenIds: [100], chainId: "31337" }, 400, /chainId: must be a chain id/],
      [jar(bob), "/api/mint/authorize", { tokenIds: [100], chainId: 1 }, 400, /Chain 1 is not supported/],
      [jar(bob), "/api/mint/authorize", "{not json", 400, /Malformed JSON/],
      [jar(bob), "/api/mint/authorize", { tokenIds: [300], chainId: 31337 }, 409, /Pix #300 has no art on Local Ethereum yet/],
      [anonymous, "/api/mint/specific", { ...good, paymentMethod: "card" }, 400, /paymentMethod: must be "crypto"/],
      [anonymous, "/api/mint/specific", { ...good, walletAddress: "0x12" }, 400, /walletAddress: must be a 0x-prefixed 20-byte hex address/],
      [anonymous, "/api/mint/specific", { ...good, walletAddress: `0x${"zz".repeat(20)}` }, 400, /walletAddress/],
      [anonymous, "/api/mint/specific", { ...good, transactionHash: "0x12" }, 400, /transactionHash: must be a 0x-prefixed 32-byte hash/],
      [anonymous, "/api/mint/specific", { ...good, transactionHash: undefined }, 400, /transactionHash/],
      [anonymous, "/api/mint/specific", { ...good, tokenId: 0 }, 400, /tokenId: must be a token id/],
      [anonymous, "/api/mint/specific", { ...good, tokenIds: [5, 5] }, 400, /must not repeat/],
      [anonymous, "/api/mint/specific", { ...good, chainId: 5 }, 400, /Chain 5 is not supported/],
      [anonymous, "/api/mint/specific", { ...good, chainId: undefined }, 400, /chainId/],
      [anonymous, "/api/mint/specific", "[1,", 400, /Malformed JSON/],
      [anonymous, "/api/mint/specific", {}, 400, /paymentMethod/],
    ];
    for (const [who, path, body, status, pattern] of cases) await expectStatus(await postJson(who, path, body), status, pattern);
    const forged = await fetch(`${api.url}/api/mint/authorize`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: "pixlings_session=forged.value" },
      body: "{}",
    });
    await expectStatus(forged, 401, /Sign in with Ethereum first/);
  });
});
