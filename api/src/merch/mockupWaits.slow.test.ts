// Pages waiting for their mockups (`check-task?wait=`) on two API instances over one Postgres, a
// real anvil chain, a real Ponder and the local Printful stand-in (each task pending 1.2 s, behind
// a proxy that counts and can spoil what Printful answers): the end is pushed to every waiting
// page in both, Printful is asked once per due time however many wait, only the task's own user
// may wait on it, a failed ask reaches the pages, and one instance closing strands no one.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { GenerateMockupResponse, MockupTaskResponse } from "@pixlings/shared/http/merch";
import type { Nft } from "@pixlings/shared/http/nfts";
import { fixtureChunk } from "@pixlings/test-kit/artFixtures";
import { cookieFetch, startTestApi, type TestApi } from "@pixlings/test-kit/api";
import {
  eventually,
  startDeployedChain,
  startTestIndexer,
  testAccount,
  voucherMint,
  waitCaughtUp,
  type TestChain,
  type TestIndexer,
} from "@pixlings/test-kit/indexer";
import { startTamperingProxy, startTestPrintful, type TamperingProxy, type TestPrintful } from "@pixlings/test-kit/localPrintful";
import { freePort } from "@pixlings/test-kit/ownerChain";
import { skipPostgres, startPostgres, type TestPostgres } from "@pixlings/test-kit/postgres";
import { expectStatus } from "@pixlings/test-kit/saleStack";
import { signIn } from "@pixlings/test-kit/signIn";
import { UPSTREAM_CHECKS, upstreamCheckDelayMs } from "./upstreamChecks.ts";

type Jar = ReturnType<typeof cookieFetch>;
const alice = testAccount("merch-waits-alice");
const bob = testAccount("merch-waits-bob");
const ALICE_PIX = 70;
const MUG = { productId: 19, variantId: 19001, placements: ["default"] };
const PENDING_MS = 1_200;

/** The most asks the schedule allows within `elapsedMs` of a task's start (one more for a read a moment before its claim). */
function mostAsksWithin(elapsedMs: number): number {
  let asks = 0;
  for (let at = UPSTREAM_CHECKS.minMs; at <= elapsedMs; at += upstreamCheckDelayMs(at)) asks++;
  return asks + 1;
}

describe("pages waiting for their mockups, across two API instances on one Postgres", { skip: skipPostgres() && "PIXLINGS_SKIP_POSTGRES=1" }, () => {
  let pg: TestPostgres;
  let eth: TestChain;
  let indexer: TestIndexer;
  let printful: TestPrintful;
  let proxy: TamperingProxy;
  /** `site` is the one Printful downloads the Pix from; `other` shares its database. */
  let site: TestApi;
  let other: TestApi;
  let jars: { site: Jar; other: Jar; bob: Jar };
  const taskChecks = (taskKey: string): number => proxy.seen.filter((r) => r.path === `/mockup-generator/task?task_key=${taskKey}`).length;

  before(async () => {
    [pg, eth] = await Promise.all([startPostgres(), startDeployedChain(31337, [fixtureChunk(0)])]);
    indexer = await startTestIndexer([eth]);
    printful = await startTestPrintful({ minPendingMs: PENDING_MS });
    proxy = await startTamperingProxy(printful.server.url);
    await voucherMint(eth, alice, [ALICE_PIX]);
    await waitCaughtUp(indexer, [eth], 120_000);
    const port = await freePort();
    const env = {
      ...printful.env,
      PRINTFUL_API_URL: proxy.url,
      // Room for every ask of these tests in one user's third of the store's quotas.
      PRINTFUL_MOCKUPS_PER_MINUTE: "300",
      PRINTFUL_REQUESTS_PER_MINUTE: "3000",
      SESSION_SECRET: "merch-waits-session-secret-0123456789abcdef",
      DATABASE_URL: pg.url,
      SIWE_URI: `http://127.0.0.1:${port}`,
      INDEXER_URL: indexer.url,
    };
    // One after the other: the first applies the migrations.
    site = await startTestApi({ ...env, API_PORT: String(port) });
    other = await startTestApi(env);
    for (const api of [site, other]) {
      await eventually(
        async () => ((await (await fetch(`${api.url}/api/nfts/token/${ALICE_PIX}`)).json()) as Nft).walletOwner === alice.address,
        () => `Pix #${ALICE_PIX} not alice's yet at ${api.url}`,
      );
    }
    // Sessions live in the shared database: alice's cookie signs her in at either instance.
    const signedIn = await signIn(site, alice);
    const otherJar = cookieFetch(other.url);
    otherJar.cookie = signedIn.cookie;
    jars = { site: signedIn, other: otherJar, bob: await signIn(site, bob) };
  });
  after(async () => {
    await other?.close();
    await site?.close();
    await proxy?.close();
    await printful?.close();
    await indexer?.stop();
    await eth?.chain.stop();
    await pg?.stop();
  });

  async function generate(jar: Jar): Promise<string> {
    const res = await jar.fetch("/api/printful/generate-mockup", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...MUG, pixUrl: `/pixlings/pix_${ALICE_PIX}.png?t=${Date.now()}` }),
    });
    return ((await expectStatus(res, 200)) as unknown as GenerateMockupResponse).result.task_key;
  }
  const waitOn = (jar: Jar, taskKey: string, init?: RequestInit): Promise<Response> => jar.fetch(`/api/printful/check-task/${taskKey}?wait=25`, init);
  const answerOf = async (res: Promise<Response>): Promise<MockupTaskResponse["result"]> =>
    ((await expectStatus(await res, 200)) as unknown as MockupTaskResponse).result;

  it("pushes the finished mockup to every page waiting in either instance, Printful asked once per due time however many wait", async () => {
    const startedAt = performance.now();
    const taskKey = await generate(jars.site);
    const pages = [...Array.from({ length: 4 }, () => waitOn(jars.site, taskKey)), ...Array.from({ length: 3 }, () => waitOn(jars.other, taskKey))];
    const answers = await Promise.all(pages.map(answerOf));
    const elapsedMs = performance.now() - startedAt;
    // Held answers that end completed: pushed when the task ended, long before the 25 s were up.
    for (const answer of answers) assert.equal(answer.status, "completed");
    for (const answer of answers.slice(1)) assert.deepEqual(answer, answers[0]);
    assert.equal(answers[0]!.mockups.length, 1);
    const asked = taskChecks(taskKey);
    assert.ok(asked >= 1 && asked <= mostAsksWithin(elapsedMs), `Printful asked ${asked} times in ${Math.round(elapsedMs)} ms by seven pages`);
  });

  it("answers a page that comes back with where the task stands: still pending it waits on, ended at once, Printful not asked again", async () => {
    const taskKey = await generate(jars.site);
    const left = new AbortController();
    const leaving = waitOn(jars.other, taskKey, { signal: left.signal }).catch((error: unknown) => error);
    left.abort();
    assert.ok((await leaving) instanceof Error, "the page left before any answer");
    const back = await answerOf(waitOn(jars.other, taskKey));
    assert.equal(back.status, "completed");
    const asked = taskChecks(taskKey);
    for (const jar of [jars.site, jars.other]) assert.deepEqual(await answerOf(waitOn(jar, taskKey)), back);
    assert.equal(taskChecks(taskKey), asked, "an ended task is answered from the database");
  });

  it("lets only the task's own user wait on it, and refuses a wait out of range, at once in either instance", async () => {
    const taskKey = await generate(jars.site);
    for (const api of [site, other]) {
      const bobsJar = cookieFetch(api.url);
      bobsJar.cookie = jars.bob.cookie;
      await expectStatus(await waitOn(bobsJar, taskKey), 404, /No mockup task of yours/);
      await expectStatus(await fetch(`${api.url}/api/printful/check-task/${taskKey}?wait=25`), 401);
    }
    for (const wait of ["0", "26", "1.5", "soon", "-3"]) {
      await expectStatus(await jars.site.fetch(`/api/printful/check-task/${taskKey}?wait=${wait}`), 400, /wait/);
    }
    assert.equal((await answerOf(waitOn(jars.site, taskKey))).status, "completed");
  });

  it("passes a failed ask to the pages waiting (502, Printful's 429), and the next page's wait asks again at once", async () => {
    const taskKey = await generate(jars.site);
    try {
      proxy.tamper = (_method, path) =>
        path.startsWith("/mockup-generator/task")
          ? { status: 200, body: JSON.stringify({ code: 200, result: { task_key: taskKey, status: "completed", mockups: [{ placement: "default" }] } }) }
          : undefined;
      const spoiled = await Promise.all([waitOn(jars.site, taskKey), waitOn(jars.site, taskKey)]);
      for (const res of spoiled) await expectStatus(res, 502, /could not read/);
      proxy.tamper = (_method, path) =>
        path.startsWith("/mockup-generator/task")
          ? { status: 429, body: JSON.stringify({ code: 429, result: "Too Many Requests" }), headers: { "x-ratelimit-reset": "7" } }
          : undefined;
      assert.deepEqual(await expectStatus(await waitOn(jars.other, taskKey), 429), {
        message: "The merchandise service is busy: try again in 7 s",
        retryAfter: 7,
      });
    } finally {
      proxy.tamper = () => undefined;
    }
    assert.equal((await answerOf(waitOn(jars.other, taskKey))).status, "completed", "once Printful is well again");
  });

  it("still pushes the end to the pages of one instance when the other closes while both wait", async () => {
    const taskKey = await generate(jars.site);
    const stranded = waitOn(jars.other, taskKey).catch((error: unknown) => error);
    const staying = answerOf(waitOn(jars.site, taskKey));
    await other.close();
    assert.ok((await stranded) instanceof Error, "the closed instance's page lost its connection");
    assert.equal((await staying).status, "completed");
  });
});
