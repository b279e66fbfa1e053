// Crypto sales against two real anvil chains (fixture art for ids 1..249), a real Ponder and the
// real API: vouchers and reservations, a wallet's own mint, confirmation, caps, expiry by chain
// time, rate limits and bad input.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { createWalletClient, http, parseEther, type Hash, type LocalAccount } from "viem";
import { pixlingsAbi } from "@pixlings/shared/contract";
import { eventually, mine, startDeployedChain, startTestIndexer, testAccount, waitCaughtUp, type TestChain, type TestIndexer } from "../../../indexer/test/harness.ts";
import { fixtureChunk } from "../../../scripts/deploy/test-fixtures.ts";
import { signIn } from "../testing/signIn.ts";
import { cookieFetch, startTestApi, type TestApi } from "../testing/startTestApi.ts";
import type { Authorization } from "./authorizeMint.ts";

type Jar = ReturnType<typeof cookieFetch>;
const [alice, bob, carol, dave] = ["alice", "bob", "carol", "dave"].map((n) => testAccount(`mint-${n}`)) as [LocalAccount, LocalAccount, LocalAccount, LocalAccount];
let eth: TestChain;
let pol: TestChain;
let indexer: TestIndexer;
let api: TestApi;
const jars = new Map<LocalAccount, Jar>();

const post = (jar: Jar | undefined, path: string, body: unknown) =>
  (jar ?? cookieFetch(api.url)).fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: typeof body === "string" ? body : JSON.stringify(body) });

async function expectStatus(res: Response, status: number, pattern?: RegExp): Promise<Record<string, unknown>> {
  const body = (await res.json()) as Record<string, unknown>;
  assert.equal(res.status, status, JSON.stringify(body));
  if (status >= 400) assert.equal(typeof body.message, "string");
  if (pattern) assert.match(String(body.message), pattern);
  return body;
}

const authorize = (who: LocalAccount, tokenIds: unknown, chainId: number) => post(jars.get(who), "/api/mint/authorize", { tokenIds, chainId });

/** The buyer's own wallet sends the voucher's mint with its value. */
async function sendMint(c: TestChain, buyer: LocalAccount, auth: Authorization): Promise<Hash> {
  const wallet = createWalletClient({ account: buyer, chain: c.clients.walletClient.chain, transport: http(c.chain.url) });
  return wallet.writeContract({
    address: auth.voucher.contract,
    abi: pixlingsAbi,
    functionName: "mint",
    args: [auth.voucher.ids.map(BigInt), BigInt(auth.voucher.deadline), auth.voucher.signature],
    value: BigInt(auth.value),
  });
}

describe("crypto sales", () => {
  before(async () => {
    [eth, pol] = await Promise.all([startDeployedChain(31337, [fixtureChunk(0)]), startDeployedChain(31338, [fixtureChunk(0)])]);
    for (const c of [eth, pol]) for (const a of [alice, bob, carol, dave]) await c.test.setBalance({ address: a.address, value: parseEther("1000") });
    indexer = await startTestIndexer([eth, pol]);
    await waitCaughtUp(indexer, [eth, pol]);
    const chains = [eth, pol].map((c) => ({ chainId: c.chainId, rpcUrl: c.chain.url, address: c.address, startBlock: c.deployBlock }));
    api = await startTestApi({
      INDEXER_URL: indexer.url,
      PIXLINGS_INDEXER_CHAINS: JSON.stringify(chains),
      VOUCHER_TTL_SECONDS: "30",
      RESERVATION_MARGIN_SECONDS: "60",
      RESERVATION_SWEEP_MS: "100",
      MINT_AUTHORIZE_PER_MINUTE: "1000",
      MINT_IP_PER_MINUTE: "1000",
    });
    for (const a of [alice, bob, carol, dave]) jars.set(a, await signIn(api, a));
  });
  after(async () => {
    await api?.close();
    await indexer?.stop();
    await Promise.all([eth?.chain.stop(), pol?.chain.stop()]);
  });

  it("lists the chains on sale, primary first, with contract addresses", async () => {
    const chains = (await (await fetch(`${api.url}/api/chains`)).json()) as { chainId: number; contract: string; primary: boolean; name: string }[];
    assert.deepEqual(chains.map((c) => [c.chainId, c.contract, c.primary, c.name]), [
      [31337, eth.address, true, "Local Ethereum"],
      [31338, pol.address, false, "Local Polygon"],
    ]);
  });

  it("voucher -> the buyer's mint -> confirmed -> indexed -> nobody can buy those ids on either chain", async () => {
    const auth = (await expectStatus(await authorize(alice, [50, 51], 31337), 200)) as unknown as Authorization;
    assert.deepEqual(auth.voucher.ids, [50, 51]);
    assert.equal(auth.voucher.recipient, alice.address);
    assert.equal(auth.value, parseEther("0.02").toString());
    assert.ok(Date.parse(auth.reservedUntil) >= (auth.voucher.deadline + 60) * 1000);

    const clash = await expectStatus(await authorize(bob, [51, 52], 31338), 409, /Pix #51 is reserved until/);
    assert.equal(clash.code, "reserved");
    assert.deepEqual(clash.tokenIds, [51]);
    assert.equal(clash.reservedUntil, auth.reservedUntil);

    const hash = await sendMint(eth, alice, auth);
    await eth.clients.publicClient.waitForTransactionReceipt({ hash });
    const body = { tokenIds: [50, 51], paymentMethod: "crypto", walletAddress: alice.address, chainId: 31337, transactionHash: hash };
    const confirmed = await expectStatus(await post(jars.get(alice), "/api/mint/specific", body), 200);
    assert.deepEqual(confirmed, { txHash: hash, chainId: 31337, tokenIds: [50, 51] });
    assert.deepEqual(await expectStatus(await post(undefined, "/api/mint/specific", body), 200), confirmed, "idempotent");

    let last: Record<string, unknown> = {};
    await eventually(
      async () => (last = (await (await fetch(`${api.url}/api/nfts/token/50`)).json()) as Record<string, unknown>).isMinted === true,
      () => JSON.stringify(last),
    );
    for (const chainId of [31338, 31337]) {
      const refused = await expectStatus(await authorize(bob, [50], chainId), 409, /Pix #50 is already minted on Local Ethereum/);
      assert.equal(refused.code, "minted");
      assert.equal(refused.chainId, 31337);
    }
  });

  it("confirms only successful Pixlings mints to the named wallet", async () => {
    const transferHash = await createWalletClient({ account: alice, chain: eth.clients.walletClient.chain, transport: http(eth.chain.url) }).sendTransaction({
      to: bob.address,
      value: 1n,
    });
    await eth.clients.publicClient.waitForTransactionReceipt({ hash: transferHash });
    const base = { paymentMethod: "crypto", walletAddress: alice.address, chainId: 31337 };
    await expectStatus(await post(undefined, "/api/mint/specific", { ...base, transactionHash: transferHash }), 422, /not a Pixlings mint/);

    // A mint with a forged voucher: sent with a fixed gas limit, so it is mined and reverts.
    const auth = (await expectStatus(await authorize(alice, [53], 31337), 200)) as unknown as Authorization;
    const wallet = createWalletClient({ account: alice, chain: eth.clients.walletClient.chain, transport: http(eth.chain.url) });
    const reverted = await wallet.writeContract({
      address: eth.address,
      abi: pixlingsAbi,
      functionName: "mint",
      args: [[53n], BigInt(auth.voucher.deadline), `0x${"11".repeat(65)}`],
      value: BigInt(auth.value),
      gas: 300_000n,
    });
    assert.equal((await eth.clients.publicClient.waitForTransactionReceipt({ hash: reverted })).status, "reverted");
    await expectStatus(await post(undefined, "/api/mint/specific", { ...base, transactionHash: reverted }), 422, /failed/);

    const good = await sendMint(eth, alice, auth);
    await eth.clients.publicClient.waitForTransactionReceipt({ hash: good });
    await expectStatus(await post(undefined, "/api/mint/specific", { ...base, walletAddress: bob.address, transactionHash: good }), 422, /minted no Pix to/);
    await expectStatus(await post(undefined, "/api/mint/specific", { ...base, tokenIds: [53, 54], transactionHash: good }), 422, /did not mint Pix #54/);
    await expectStatus(await post(undefined, "/api/mint/specific", { ...base, chainId: 31338, transactionHash: good }), 404, /Unknown transaction/);
    await expectStatus(await post(undefined, "/api/mint/specific", { ...base, transactionHash: `0x${"ab".repeat(32)}` }), 404, /Unknown transaction/);
    await expectStatus(await post(undefined, "/api/mint/specific", { ...base, tokenId: 53, transactionHash: good }), 200);
  });

  it("caps: 10 per order, 10 reserved per address, 10 per wallet across chains; renewal only on the same chain", async () => {
    await expectStatus(await authorize(carol, [60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70], 31337), 400, /at most 10/);
    const first = (await expectStatus(await authorize(carol, [60, 61, 62, 63, 64, 65, 66, 67], 31337), 200)) as unknown as Authorization;
    const cap = await expectStatus(await authorize(carol, [71, 72, 73], 31338), 409, /at most 10 reserved/);
    assert.equal(cap.code, "reservation_cap");
    await expectStatus(await authorize(carol, [71, 72], 31338), 200);
    const renewed = (await expectStatus(await authorize(carol, [60], 31337), 200)) as unknown as Authorization;
    assert.ok(Date.parse(renewed.reservedUntil) >= Date.parse(first.reservedUntil));
    await expectStatus(await authorize(carol, [71], 31337), 409, /reserved until/);
    // alice owns 50, 51 and 53 (minted above): 3 + 8 > 10.
    const wallet = await expectStatus(await authorize(alice, [80, 81, 82, 83, 84, 85, 86, 87], 31338), 409, /10 Pix per wallet across chains/);
    assert.equal(wallet.code, "wallet_cap");
    await expectStatus(await authorize(alice, [80, 81, 82, 83, 84, 85, 86], 31338), 200);
  });

  it("a reservation is released only once its voucher's chain is indexed past deadline + margin", async () => {
    const held = (await expectStatus(await authorize(dave, [90], 31338), 200)) as unknown as Authorization;
    await new Promise((resolve) => setTimeout(resolve, 500)); // several sweeps
    await expectStatus(await authorize(bob, [90], 31337), 409, /reserved until/);
    // Chain time jumps past holdUntil; our clock does not.
    await pol.test.increaseTime({ seconds: 30 + 60 + 30 });
    await mine(pol, 1);
    let status = 0;
    await eventually(async () => (status = (await authorize(bob, [90], 31337)).status) === 200, () => `authorize answered ${status}`);
    assert.ok(Date.now() < Date.parse(held.reservedUntil), "released by chain time, before our clock reached holdUntil");
  });

  it("answers bad input with 4xx and a message", async () => {
    const jar = jars.get(bob);
    const cases: [Jar | undefined, string, unknown, number, RegExp][] = [
      [undefined, "/api/mint/authorize", { tokenIds: [100], chainId: 31337 }, 401, /Sign in with Ethereum first/],
      [jar, "/api/mint/authorize", { tokenIds: ["abc"], chainId: 31337 }, 400, /tokenIds/],
      [jar, "/api/mint/authorize", { tokenIds: [0], chainId: 31337 }, 400, /tokenIds/],
      [jar, "/api/mint/authorize", { tokenIds: [10000], chainId: 31337 }, 400, /tokenIds/],
      [jar, "/api/mint/authorize", { tokenIds: [100, 100], chainId: 31337 }, 400, /repeat/],
      [jar, "/api/mint/authorize", { tokenIds: [], chainId: 31337 }, 400, /at least one/],
      [jar, "/api/mint/authorize", { tokenIds: [100] }, 400, /chainId/],
      [jar, "/api/mint/authorize", { tokenIds: [100], chainId: 1 }, 400, /Chain 1 is not supported/],
      [jar, "/api/mint/authorize", "{not json", 400, /Malformed JSON/],
      [jar, "/api/mint/authorize", { tokenIds: [300], chainId: 31337 }, 409, /no art/],
      [undefined, "/api/mint/specific", { paymentMethod: "card", walletAddress: bob.address, chainId: 31337, transactionHash: `0x${"ab".repeat(32)}` }, 400, /paymentMethod/],
      [undefined, "/api/mint/specific", { paymentMethod: "crypto", walletAddress: "0x12", chainId: 31337, transactionHash: `0x${"ab".repeat(32)}` }, 400, /walletAddress/],
      [undefined, "/api/mint/specific", { paymentMethod: "crypto", walletAddress: bob.address, chainId: 31337, transactionHash: "0x12" }, 400, /transactionHash/],
      [undefined, "/api/mint/specific", { paymentMethod: "crypto", walletAddress: bob.address, chainId: 5, transactionHash: `0x${"ab".repeat(32)}` }, 400, /not supported/],
    ];
    for (const [who, path, body, status, pattern] of cases) await expectStatus(await post(who, path, body), status, pattern);
  });
});

describe("rate limits", () => {
  it("limits nonces and vouchers per client IP with 429 and Retry-After", async () => {
    const limited = await startTestApi({ MINT_IP_PER_MINUTE: "2" }, { seedCatalogue: false });
    try {
      for (let i = 0; i < 2; i++) assert.equal((await fetch(`${limited.url}/api/auth/nonce`)).status, 200);
      const res = await fetch(`${limited.url}/api/auth/nonce`);
      const body = (await res.json()) as { message: string; retryAfter: number };
      assert.equal(res.status, 429);
      assert.match(body.message, /Too many requests/);
      assert.ok(body.retryAfter >= 1 && body.retryAfter <= 60);
      assert.equal(res.headers.get("retry-after"), String(body.retryAfter));
      const post = () => fetch(`${limited.url}/api/mint/authorize`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
      assert.equal((await post()).status, 400);
      assert.equal((await post()).status, 400);
      assert.equal((await post()).status, 429);
    } finally {
      await limited.close();
    }
  });
});
