// Merch mockups by a Pix's owner, against a real anvil chain, a real Ponder, the real API and the
// local Printful stand-in (which downloads the Pix from the API and renders it): the whole path,
// refusals that send Printful nothing, a failed task, malformed answers, both 429s.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { eq } from "drizzle-orm";
import type { GenerateMockupResponse, MockupTaskResponse } from "@pixlings/shared/http/merch";
import type { Nft } from "@pixlings/shared/http/nfts";
import { fixtureChunk } from "@pixlings/test-kit/artFixtures";
import { type cookieFetch, startTestApi, type TestApi } from "@pixlings/test-kit/api";
import {
  custodyMint,
  eventually,
  startDeployedChain,
  startTestIndexer,
  testAccount,
  voucherMint,
  waitCaughtUp,
  type TestChain,
  type TestIndexer,
} from "@pixlings/test-kit/indexer";
import { coloursOf, startTamperingProxy, startTestPrintful, type TamperingProxy, type TestPrintful } from "@pixlings/test-kit/localPrintful";
import { freePort } from "@pixlings/test-kit/ownerChain";
import { decodeIndexedPng } from "@pixlings/test-kit/png";
import { expectStatus } from "@pixlings/test-kit/saleStack";
import { signIn } from "@pixlings/test-kit/signIn";
import { cardOrders } from "../db/tables/cardOrders.ts";
import { userWallets } from "../db/tables/accounts.ts";

type Jar = ReturnType<typeof cookieFetch>;
const alice = testAccount("merch-alice");
const bob = testAccount("merch-bob");
const carol = testAccount("merch-carol");
const dave = testAccount("merch-dave");
const erin = testAccount("merch-erin");
const [ALICE_PIX, CAROL_PIX, DAVE_PIX, ERIN_CARD_PIX] = [60, 61, 62, 63];
const MUG = { productId: 19, variantId: 19001 };
const PER_USER = 4;

describe("merch mockups by a Pix's owner", () => {
  let eth: TestChain;
  let indexer: TestIndexer;
  let printful: TestPrintful;
  let proxy: TamperingProxy;
  let api: TestApi;
  let jars: Record<"alice" | "bob" | "dave" | "erin" | "custody", Jar>;
  let aliceTask = "";
  const creates = (): number => printful.server.requests.filter((r) => r.path.startsWith("/mockup-generator/create-task")).length;
  /** How often the API asked Printful about a task. */
  const taskChecks = (taskKey: string): number => proxy.seen.filter((r) => r.path === `/mockup-generator/task?task_key=${taskKey}`).length;

  before(async () => {
    eth = await startDeployedChain(31337, [fixtureChunk(0)]);
    indexer = await startTestIndexer([eth]);
    printful = await startTestPrintful();
    proxy = await startTamperingProxy(printful.server.url);
    // The site's origin is the API's own: the stand-in downloads the Pix from it.
    const port = await freePort();
    api = await startTestApi({
      ...printful.env,
      PRINTFUL_API_URL: proxy.url,
      // The store's quota: one user gets at most a third of it.
      PRINTFUL_MOCKUPS_PER_MINUTE: String(PER_USER * 3),
      PRINTFUL_MOCKUPS_PER_USER_PER_MINUTE: String(PER_USER),
      API_PORT: String(port),
      SIWE_URI: `http://127.0.0.1:${port}`,
      INDEXER_URL: indexer.url,
      // The chain on sale: custody (the dev key) holds card Pix on it for their buyers.
      PIXLINGS_INDEXER_CHAINS: JSON.stringify([{ chainId: eth.chainId, rpcUrl: eth.chain.url, address: eth.address, startBlock: eth.deployBlock }]),
    });
    await voucherMint(eth, alice, [ALICE_PIX]);
    await voucherMint(eth, carol, [CAROL_PIX]);
    await voucherMint(eth, dave, [DAVE_PIX]);
    await waitCaughtUp(indexer, [eth]);
    await eventually(
      async () => ((await (await fetch(`${api.url}/api/nfts/token/${DAVE_PIX}`)).json()) as Nft).walletOwner === dave.address,
      () => `Pix #${DAVE_PIX} not owned yet`,
    );
    jars = {
      alice: await signIn(api, alice),
      bob: await signIn(api, bob),
      dave: await signIn(api, dave),
      erin: await signIn(api, erin),
      custody: await signIn(api, eth.custody),
    };
  });
  after(async () => {
    await api?.close();
    await proxy?.close();
    await printful?.close();
    await indexer?.stop();
    await eth?.chain.stop();
  });

  const generate = (jar: Jar, body: unknown): Promise<Response> =>
    jar.fetch("/api/printful/generate-mockup", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const pixUrl = (id: number): string => `/pixlings/pix_${id}.png?t=${Date.now()}`;
  async function completed(jar: Jar, taskKey: string): Promise<MockupTaskResponse["result"]> {
    for (let attempt = 0; attempt < 100; attempt++) {
      const { result } = (await expectStatus(await jar.fetch(`/api/printful/check-task/${taskKey}`), 200)) as unknown as MockupTaskResponse;
      if (result.status !== "pending") return result;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.fail(`task ${taskKey} still pending`);
  }
  async function pixPalette(id: number): Promise<number[]> {
    return decodeIndexedPng(Buffer.from(await (await fetch(`${api.url}/pixlings/pix_${id}.png`)).arrayBuffer())).palette;
  }

  it("previews the owner's Pix on a mug: pending, then completed with the Pix rendered in it, from the URL the API built", async () => {
    const absolute = `${api.config.siwe.uri}/pixlings/pix_${ALICE_PIX}.png?t=123`;
    const started = (await expectStatus(
      await generate(jars.alice, { ...MUG, placements: ["default"], pixUrl: absolute }),
      200,
    )) as unknown as GenerateMockupResponse;
    assert.equal(started.result.status, "pending");
    aliceTask = started.result.task_key;
    const first = (await expectStatus(await jars.alice.fetch(`/api/printful/check-task/${started.result.task_key}`), 200)) as unknown as MockupTaskResponse;
    assert.deepEqual(first.result, { task_key: started.result.task_key, status: "pending", mockups: [], error: null });
    const sent = JSON.parse(proxy.seen.find((r) => r.path === "/mockup-generator/create-task/19")!.body) as {
      files: { image_url: string }[];
      variant_ids: number[];
    };
    assert.deepEqual(sent.variant_ids, [MUG.variantId]);
    assert.equal(sent.files[0]!.image_url, `http://127.0.0.1:${new URL(api.url).port}/pixlings/pix_${ALICE_PIX}.png`, "the API's own URL, not the client's");
    const result = await completed(jars.alice, started.result.task_key);
    assert.equal(result.status, "completed");
    assert.deepEqual(
      result.mockups.map((m) => [m.placement, m.title, m.variant_ids, m.extra.map((e) => e.title)]),
      [["default", "Print file", [MUG.variantId], ["Close-up"]]],
    );
    const image = Buffer.from(await (await fetch(result.mockups[0]!.mockup_url)).arrayBuffer());
    const colours = await coloursOf(image);
    for (const colour of await pixPalette(ALICE_PIX))
      assert.ok(colours.has(colour), `#${colour.toString(16).padStart(6, "0")} of Pix #${ALICE_PIX} is in the mockup`);
    await expectAnsweredFromDatabase(jars.alice, aliceTask, result);
  });

  /** Checks of a finished task answer what it ended with, without asking Printful, even while Printful is down. */
  async function expectAnsweredFromDatabase(jar: Jar, taskKey: string, ended: MockupTaskResponse["result"]): Promise<void> {
    const asked = taskChecks(taskKey);
    proxy.tamper = () => ({ status: 503, body: "<html>down</html>" });
    try {
      for (let i = 0; i < 3; i++) {
        const again = (await expectStatus(await jar.fetch(`/api/printful/check-task/${taskKey}`), 200)) as unknown as MockupTaskResponse;
        assert.deepEqual(again.result, ended);
      }
    } finally {
      proxy.tamper = () => undefined;
    }
    assert.equal(taskChecks(taskKey), asked, "Printful not asked again about a finished task");
  }

  it("renders every chosen placement, each with its name and views", async () => {
    const { result } = (await (await fetch(`${api.url}/api/printful/products/146`)).json()) as { result: { variants: { id: number; color: string }[] } };
    const maroon = result.variants.find((v) => v.color === "Maroon")!;
    const body = { productId: 146, variantId: maroon.id, placements: ["embroidery_chest_left", "back"], pixUrl: pixUrl(ALICE_PIX) };
    const started = (await expectStatus(await generate(jars.alice, body), 200)) as unknown as GenerateMockupResponse;
    const done = await completed(jars.alice, started.result.task_key);
    assert.deepEqual(
      done.mockups.map((m) => [m.placement, m.title]),
      [
        ["embroidery_chest_left", "Left chest embroidery"],
        ["back", "Back print"],
      ],
    );
    for (const mockup of done.mockups) assert.equal((await fetch(mockup.extra[0]!.url)).status, 200);
  });

  it("reports a task Printful failed, with its reason", async () => {
    const started = (await expectStatus(
      await generate(jars.alice, { productId: 9001, variantId: 9001001, placements: ["default"], pixUrl: pixUrl(ALICE_PIX) }),
      200,
    )) as unknown as GenerateMockupResponse;
    const done = await completed(jars.alice, started.result.task_key);
    assert.equal(done.status, "failed");
    assert.deepEqual(done.mockups, []);
    assert.match(done.error ?? "", /not available for product 9001/);
    await expectAnsweredFromDatabase(jars.alice, started.result.task_key, done);
  });

  it("refuses another's Pix (403), foreign URLs and products' wrong parts (400, 404), and sends Printful nothing", async () => {
    const before = creates();
    await expectStatus(await generate(jars.bob, { ...MUG, placements: ["default"], pixUrl: pixUrl(ALICE_PIX) }), 403, /Only the owner of Pix #60/);
    await expectStatus(
      await generate(jars.bob, { ...MUG, placements: ["default"], pixUrl: "http://127.0.0.1:9/pixlings/pix_60.png" }),
      400,
      /this site's image/,
    );
    await expectStatus(await generate(jars.alice, { ...MUG, placements: ["default"], pixUrl: `https://evil.example/pixlings/pix_${ALICE_PIX}.png` }), 400);
    await expectStatus(await generate(jars.alice, { ...MUG, placements: ["default"], pixUrl: pixUrl(CAROL_PIX) }), 403, /Only the owner/);
    await expectStatus(
      await generate(jars.alice, { productId: 19, variantId: 71001, placements: ["default"], pixUrl: pixUrl(ALICE_PIX) }),
      400,
      /not a variant of product 19/,
    );
    await expectStatus(
      await generate(jars.alice, { ...MUG, placements: ["front"], pixUrl: pixUrl(ALICE_PIX) }),
      400,
      /"front" is not a placement of product 19/,
    );
    await expectStatus(await generate(jars.alice, { productId: 424242, variantId: 1, placements: ["front"], pixUrl: pixUrl(ALICE_PIX) }), 404);
    await expectStatus(
      await fetch(`${api.url}/api/printful/generate-mockup`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ ...MUG, placements: ["default"], pixUrl: pixUrl(ALICE_PIX) }),
      }),
      401,
    );
    assert.equal(creates(), before);
    // None of these counted against alice's limit: she can still preview (her 4th this minute).
    assert.equal((await generate(jars.alice, { ...MUG, placements: ["default"], pixUrl: pixUrl(ALICE_PIX) })).status, 200);
  });

  it("lets only the task's own user follow it", async () => {
    const taskKey = aliceTask;
    await expectStatus(await jars.bob.fetch(`/api/printful/check-task/${taskKey}`), 404, /No mockup task of yours/);
    await expectStatus(await fetch(`${api.url}/api/printful/check-task/${taskKey}`), 401);
    await expectStatus(await jars.alice.fetch(`/api/printful/check-task/${taskKey}`), 200);
  });

  it("lets a card buyer preview the Pix custody holds for them, and no one else (custody's own wallet neither)", async () => {
    // As a paid card order ends: the minter mints the Pix to custody, the order names its buyer.
    await custodyMint(eth, [ERIN_CARD_PIX]);
    const db = api.database.db;
    const [wallet] = await db.select().from(userWallets).where(eq(userWallets.address, erin.address));
    assert.ok(wallet, "erin's account");
    await db.insert(cardOrders).values({
      id: "merch-card-order",
      userId: wallet.userId,
      chainId: eth.chainId,
      tokenIds: [ERIN_CARD_PIX],
      tokenCents: [3500],
      amountCents: 3500,
      state: "minted",
    });
    await eventually(
      async () => ((await (await fetch(`${api.url}/api/nfts/token/${ERIN_CARD_PIX}`)).json()) as Nft).ownerType === "card",
      () => `Pix #${ERIN_CARD_PIX} not card-owned yet`,
    );
    const body = { ...MUG, placements: ["default"], pixUrl: pixUrl(ERIN_CARD_PIX) };
    const before = creates();
    await expectStatus(await generate(jars.bob, body), 403, /Only the owner of Pix #63/);
    await expectStatus(await generate(jars.custody, body), 403, /Only the owner of Pix #63/);
    assert.equal(creates(), before, "nothing sent for them");
    const started = (await expectStatus(await generate(jars.erin, body), 200)) as unknown as GenerateMockupResponse;
    const done = await completed(jars.erin, started.result.task_key);
    assert.equal(done.status, "completed");
    const colours = await coloursOf(Buffer.from(await (await fetch(done.mockups[0]!.mockup_url)).arrayBuffer()));
    for (const colour of await pixPalette(ERIN_CARD_PIX)) assert.ok(colours.has(colour), `#${colour.toString(16).padStart(6, "0")} of the card Pix`);
    await expectStatus(await jars.bob.fetch(`/api/printful/check-task/${started.result.task_key}`), 404);
  });

  it("answers 502 when Printful's task answer is malformed, 429 with retryAfter when it is busy", async () => {
    const started = (await expectStatus(
      await generate(jars.dave, { ...MUG, placements: ["default"], pixUrl: pixUrl(DAVE_PIX) }),
      200,
    )) as unknown as GenerateMockupResponse;
    const check = (): Promise<Response> => jars.dave.fetch(`/api/printful/check-task/${started.result.task_key}`);
    try {
      proxy.tamper = (_method, path) =>
        path.startsWith("/mockup-generator/task")
          ? { status: 200, body: JSON.stringify({ code: 200, result: { task_key: "x", status: "completed", mockups: [{ placement: "default" }] } }) }
          : undefined;
      await expectStatus(await check(), 502, /could not read/);
      proxy.tamper = () => ({ status: 503, body: "<html>down</html>" });
      await expectStatus(await check(), 502, /failed \(HTTP 503\)/);
      proxy.tamper = () => ({ status: 429, body: JSON.stringify({ code: 429, result: "Too Many Requests" }), headers: { "x-ratelimit-reset": "21" } });
      assert.deepEqual(await expectStatus(await check(), 429), { message: "The merchandise service is busy: try again in 21 s", retryAfter: 21 });
    } finally {
      proxy.tamper = () => undefined;
    }
    assert.equal((await completed(jars.dave, started.result.task_key)).status, "completed", "once Printful is well again");
  });

  it("holds each user to their mockups a minute, even when raced (429 with retryAfter, nothing sent past it)", async () => {
    const before = creates();
    // Dave has made one this minute: of five at once, three more go through.
    const answers = await Promise.all(Array.from({ length: 5 }, () => generate(jars.dave, { ...MUG, placements: ["default"], pixUrl: pixUrl(DAVE_PIX) })));
    const statuses = answers.map((res) => res.status).sort();
    assert.deepEqual(statuses, [200, 200, 200, 429, 429]);
    for (const res of answers.filter((r) => r.status === 429)) {
      const body = (await res.json()) as { message: string; retryAfter: number };
      assert.match(body.message, /Too many requests/);
      assert.ok(body.retryAfter >= 1 && body.retryAfter <= 60);
      assert.equal(res.headers.get("retry-after"), String(body.retryAfter));
    }
    assert.equal(creates(), before + PER_USER - 1);
  });

  it("passes Printful's own 429 on with retryAfter", async () => {
    const busy = await startTestPrintful({ mockupsPerMinute: 1 });
    const port = await freePort();
    const other = await startTestApi({ ...busy.env, API_PORT: String(port), SIWE_URI: `http://127.0.0.1:${port}`, INDEXER_URL: indexer.url });
    try {
      const jar = await signIn(other, carol);
      const body = { ...MUG, placements: ["default"], pixUrl: pixUrl(CAROL_PIX) };
      let last = "";
      await eventually(
        async () => {
          const res = await generate(jar, body);
          last = `${res.status} ${await res.text()}`;
          return res.status === 200;
        },
        () => `carol's first mockup: ${last}`,
      );
      const res = await generate(jar, body);
      const answer = await expectStatus(res, 429, /The merchandise service is busy: try again in \d+ s/);
      assert.ok(typeof answer.retryAfter === "number" && answer.retryAfter >= 1 && answer.retryAfter <= 60);
      assert.equal(res.headers.get("retry-after"), String(answer.retryAfter));
    } finally {
      await other.close();
      await busy.close();
    }
  });
});
