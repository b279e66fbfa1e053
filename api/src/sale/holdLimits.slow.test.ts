// Holding ids costs something and is bounded, through the real API on real chains and a real
// Ponder: fresh unfunded addresses hold nothing; one client (an IPv4 address, an IPv6 /64) holds at
// most its cap whatever the number of addresses; renewals are limited; an expired voucher's ids
// cool down; the wallet cap counts mints, not holdings; two API processes on one Postgres share
// every limit.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { and, eq, isNull } from "drizzle-orm";
import type { LocalAccount } from "viem";
import { eventually, mine, testAccount, transfer, waitCaughtUp } from "@pixlings/test-kit/indexer";
import { startPostgres, type TestPostgres } from "@pixlings/test-kit/postgres";
import { reservations } from "../db/tables/reservations.ts";
import { authorize, authorized, expectStatus, fund, sendMint, startSaleStack, type Jar, type SaleStack } from "@pixlings/test-kit/saleStack";
import { signIn } from "@pixlings/test-kit/signIn";
import { spawnApi, type ApiChild } from "@pixlings/test-kit/spawnApi";
import type { TestApi } from "@pixlings/test-kit/api";

const SIWE = { SIWE_DOMAIN: "pixlings.test", SIWE_URI: "http://pixlings.test" };
const siwe = { domain: "pixlings.test", uri: "http://pixlings.test" };
const accounts = (label: string, count: number): LocalAccount[] => Array.from({ length: count }, (_, i) => testAccount(`hold-${label}-${i}`));
const range = (from: number, count: number): number[] => Array.from({ length: count }, (_, i) => from + i);
const from = (ip: string): Record<string, string> => ({ "x-forwarded-for": ip });

/** Signs `who` in from `ip` (through the trusted proxy) and asks for `ids` each, all at once. */
async function flood(
  api: { url: string },
  who: readonly LocalAccount[],
  ip: (i: number) => string,
  ids: (i: number) => number[],
  chainId = 31337,
): Promise<Response[]> {
  const jars = await Promise.all(who.map((a, i) => signIn({ url: api.url, config: { siwe } }, a, 31337, from(ip(i)))));
  return Promise.all(jars.map((jar, i) => authorize(jar, ids(i), chainId)));
}

const liveOfClient = async (api: TestApi, clientKey: string): Promise<number> =>
  (
    await api.database.db
      .select()
      .from(reservations)
      .where(and(isNull(reservations.releasedAt), eq(reservations.clientKey, clientKey)))
  ).length;

describe("holding ids", () => {
  let stack: SaleStack;
  let api: TestApi;
  let small: TestApi;

  before(async () => {
    stack = await startSaleStack();
    const common = { ...SIWE, API_TRUST_PROXY: "loopback", VOUCHER_TTL_SECONDS: "2", RESERVATION_MARGIN_SECONDS: "1" };
    [api, small] = await Promise.all([stack.startApi(common), stack.startApi({ ...common, RESERVATION_CLIENT_CAP: "20" })]);
  });
  after(async () => {
    await stack?.close();
  });

  it("gives fresh unfunded addresses nothing to hold", async () => {
    const answers = await flood(
      api,
      accounts("poor", 30),
      () => "198.51.100.1",
      (i) => [14 + i],
    );
    for (const res of answers) assert.equal((await expectStatus(res, 402, /^Your wallet holds 0 ETH on Local Ethereum/)).code, "insufficient_funds");
    assert.equal(await liveOfClient(api, "198.51.100.1"), 0);
  });

  it("lets one IPv4 client with 40 fresh funded addresses hold at most 100 ids", async () => {
    const rich = accounts("rich", 40);
    await fund(stack, rich, "10");
    const answers = await flood(
      api,
      rich,
      () => "198.51.100.2",
      (i) => range(14 + i * 5, 5),
    );
    const statuses = answers.map((res) => res.status);
    assert.equal(statuses.filter((s) => s === 200).length, 20, statuses.join(","));
    for (const res of answers.filter((r) => r.status !== 200))
      assert.equal((await expectStatus(res, 409, /reserved from your network \(\d+ of 100\)/)).code, "client_cap");
    assert.equal(await liveOfClient(api, "198.51.100.2"), 100);
    // The next client is not affected by the first one's cap.
    const [other] = await flood(
      api,
      accounts("rich-other", 1),
      () => "198.51.100.3",
      () => [220],
    );
    assert.equal(other?.status, 402, "unfunded, but not capped");
  });

  it("counts IPv6 clients by their /64: many addresses of one /64 share one cap, another /64 has its own", async () => {
    const six = accounts("six", 16);
    await fund(stack, six, "10");
    const first = await flood(
      small,
      six.slice(0, 8),
      (i) => `2001:db8:5:6::${(i + 1).toString(16)}`,
      (i) => range(14 + i * 5, 5),
    );
    assert.equal(first.filter((r) => r.status === 200).length, 4);
    assert.equal(await liveOfClient(small, "2001:db8:5:6::/64"), 20);
    const second = await flood(
      small,
      six.slice(8),
      (i) => `2001:db8:5:7:${i + 1}::1`,
      (i) => range(60 + i * 5, 5),
    );
    assert.equal(second.filter((r) => r.status === 200).length, 4);
    assert.equal(await liveOfClient(small, "2001:db8:5:7::/64"), 20);
  });

  it("limits how often one hold is renewed", async () => {
    const [renewer] = accounts("renewer", 1) as [LocalAccount];
    await fund(stack, [renewer]);
    const jar = await signIn({ url: api.url, config: { siwe } }, renewer, 31337, from("198.51.100.4"));
    for (let i = 0; i < 4; i++) await authorized(authorize(jar, [230], 31338));
    const worn = await expectStatus(await authorize(jar, [230], 31338), 409, /^Pix #230 had its voucher renewed 3 times/);
    assert.equal(worn.code, "renewal_limit");
  });

  it("cools an expired voucher's ids down for its address and its client, not for others", async () => {
    const [idler, neighbour, stranger] = accounts("idle", 3) as [LocalAccount, LocalAccount, LocalAccount];
    await fund(stack, [idler, neighbour, stranger]);
    const sign = (who: LocalAccount, ip: string): Promise<Jar> => signIn({ url: api.url, config: { siwe } }, who, 31337, from(ip));
    const [idlerJar, neighbourJar, strangerJar] = await Promise.all([
      sign(idler, "198.51.100.5"),
      sign(neighbour, "198.51.100.5"),
      sign(stranger, "198.51.100.6"),
    ]);
    const held = await authorized(authorize(idlerJar, [240, 241], 31338));
    await eventually(
      async () => Date.now() > Date.parse(held.reservedUntil) + 1_100,
      () => "clock past the hold",
      10_000,
    );
    await mine(stack.pol, 70);
    await waitCaughtUp(stack.indexer, [stack.pol]);
    await eventually(
      async () =>
        (
          await api.database.db
            .select()
            .from(reservations)
            .where(and(eq(reservations.tokenId, 240), isNull(reservations.releasedAt)))
        ).length === 0,
      () => "released once finalized past the hold",
    );
    const again = await expectStatus(await authorize(idlerJar, [241], 31338), 429, /^Your voucher for Pix #241 expired unused: you can reserve it again after/);
    assert.equal(again.code, "cooldown");
    assert.equal((await expectStatus(await authorize(neighbourJar, [240], 31337), 429)).code, "cooldown", "same client, other address");
    await authorized(authorize(idlerJar, [242], 31338));
    await authorized(authorize(strangerJar, [240, 241], 31337));
  });

  it("counts Pix minted to a wallet against its cap, also after it sent them away", async () => {
    const [collector, friend] = accounts("collector", 2) as [LocalAccount, LocalAccount];
    await fund(stack, [collector, friend], "100000");
    const jar = await signIn({ url: small.url, config: { siwe } }, collector, 31337, from("198.51.100.7"));
    const auth = await authorized(authorize(jar, range(100, 10), 31337));
    await sendMint(stack.eth, collector, auth);
    for (const id of range(100, 10)) await transfer(stack.eth, collector, friend.address, id);
    await waitCaughtUp(stack.indexer, [stack.eth]);
    const capped = await expectStatus(await authorize(jar, [110], 31338), 409, /^At most 10 Pix per wallet across chains: 10 minted to you and 0 reserved$/);
    assert.equal(capped.code, "wallet_cap");
  });
});

describe("two API processes on one Postgres", () => {
  let stack: SaleStack;
  let pg: TestPostgres;
  let inProcess: TestApi;
  let child: ApiChild;

  before(async () => {
    [stack, pg] = await Promise.all([startSaleStack(), startPostgres()]);
    const env = {
      ...SIWE,
      DATABASE_URL: pg.url,
      API_TRUST_PROXY: "loopback",
      MINT_IP_PER_MINUTE: "6",
      MINT_AUTHORIZE_PER_MINUTE: "4",
      RESERVATION_CLIENT_CAP: "8",
    };
    inProcess = await stack.startApi(env);
    child = await spawnApi({
      ...env,
      INDEXER_URL: stack.indexer.url,
      PIXLINGS_INDEXER_CHAINS: stack.chainsEnv,
      MINT_SIGNER_PRIVATE_KEY: inProcess.config.sale.signerKey,
    });
  });
  after(async () => {
    await child?.stop();
    await stack?.close();
    await pg?.stop();
  });

  it("share the rate limits", async () => {
    const nonce = (url: string) => fetch(`${url}/api/auth/nonce`, { headers: from("203.0.113.50") });
    const statuses: number[] = [];
    for (const url of [inProcess.url, child.url, inProcess.url, child.url, inProcess.url, child.url]) statuses.push((await nonce(url)).status);
    assert.deepEqual(statuses, [200, 200, 200, 200, 200, 200]);
    assert.equal((await nonce(child.url)).status, 429);
    assert.equal((await nonce(inProcess.url)).status, 429);
  });

  it("share the caps per client and per address, and one hold per id", async () => {
    const [u1, u2, u3] = accounts("pg", 3) as [LocalAccount, LocalAccount, LocalAccount];
    await fund(stack, [u1, u2, u3]);
    const one = await signIn({ url: inProcess.url, config: { siwe } }, u1, 31337, from("203.0.113.60"));
    const two = await signIn({ url: child.url, config: { siwe } }, u2, 31337, from("203.0.113.60"));
    await authorized(authorize(one, range(20, 5), 31337));
    assert.equal((await expectStatus(await authorize(two, range(30, 5), 31338), 409)).code, "client_cap");
    await authorized(authorize(two, range(30, 3), 31338));
    // One id asked of both processes at once, by two clients: one hold.
    const three = await signIn({ url: child.url, config: { siwe } }, u3, 31337, from("203.0.113.61"));
    const threeHere = await signIn({ url: inProcess.url, config: { siwe } }, u3, 31337, from("203.0.113.62"));
    const race = await Promise.all([authorize(three, [40], 31337), authorize(threeHere, [40], 31338)]);
    assert.deepEqual(race.map((r) => r.status).sort(), [200, 409]);
    // The per-address limit (4 a minute) counts on both: u3 has asked twice.
    assert.notEqual((await authorize(three, [41], 31337)).status, 429);
    assert.notEqual((await authorize(threeHere, [42], 31337)).status, 429);
    await expectStatus(await authorize(three, [43], 31337), 429, /^Too many requests/);
  });

  // On Postgres the holds around a request come with its session and limits (mint/signedInWalletHits.ts).
  it("see a buyer's own holds and others' around each request", async () => {
    const [poor, other] = accounts("pg-around", 2) as [LocalAccount, LocalAccount];
    await fund(stack, [other]);
    await stack.eth.test.setBalance({ address: poor.address, value: 15_000_000_000_000_000n });
    const here = await signIn({ url: inProcess.url, config: { siwe } }, poor, 31337, from("203.0.113.70"));
    const there = await signIn({ url: child.url, config: { siwe } }, other, 31337, from("203.0.113.71"));
    await authorized(authorize(here, [60], 31337));
    // 0.015 ETH covers one Common, not a second one on top of the first hold.
    await expectStatus(await authorize(here, [61], 31337), 402, /this order and your other reserved Pix there cost 0\.02 ETH plus gas$/);
    assert.equal((await expectStatus(await authorize(there, [60], 31337), 409, /^Pix #60 is reserved until/)).code, "reserved");
    // Its own hold, asked again: renewed, and its price counted once.
    await authorized(authorize(here, [60], 31337));
  });
});
