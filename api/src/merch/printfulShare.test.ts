// One user's share of the store's Printful quota: task checks that reach Printful count against a
// third of PRINTFUL_REQUESTS_PER_MINUTE per user; past it, 429 and Printful is not asked; another
// user is still served. (Mockups per user: merch.slow.test.ts, a third of PRINTFUL_MOCKUPS_PER_MINUTE.)
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { eq } from "drizzle-orm";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { startTestApi, type TestApi } from "@pixlings/test-kit/api";
import { startTamperingProxy, startTestPrintful, type TamperingProxy, type TestPrintful } from "@pixlings/test-kit/localPrintful";
import { freePort } from "@pixlings/test-kit/ownerChain";
import { signIn } from "@pixlings/test-kit/signIn";
import { userWallets } from "../db/tables/accounts.ts";
import { recordMockupTask } from "./mockupTasks.ts";

/** The store's request quota here: a user gets 2 of them a minute. */
const REQUESTS_PER_MINUTE = 6;

describe("a user's share of Printful's quota", () => {
  let printful: TestPrintful;
  let proxy: TamperingProxy;
  let api: TestApi;
  before(async () => {
    printful = await startTestPrintful();
    proxy = await startTamperingProxy(printful.server.url);
    api = await startTestApi(
      {
        ...printful.env,
        PRINTFUL_API_URL: proxy.url,
        PRINTFUL_REQUESTS_PER_MINUTE: String(REQUESTS_PER_MINUTE),
        INDEXER_URL: `http://127.0.0.1:${await freePort()}`,
      },
      { seedCatalogue: false },
    );
  });
  after(async () => {
    await api?.close();
    await proxy?.close();
    await printful?.close();
  });

  /** A signed-in user with a pending task of theirs on record (Printful's answer to it does not matter here). */
  async function userWithTask(taskKey: string) {
    const account = privateKeyToAccount(generatePrivateKey());
    const jar = await signIn(api, account);
    const [row] = await api.database.db.select({ userId: userWallets.userId }).from(userWallets).where(eq(userWallets.address, account.address));
    await recordMockupTask(api.database.db, { taskKey, userId: row!.userId, tokenId: 7, productId: 19, variantId: 1320, placements: ["default"] });
    return jar;
  }
  const asked = (taskKey: string): number => proxy.seen.filter((r) => r.path === `/mockup-generator/task?task_key=${taskKey}`).length;

  it("asks Printful for one user at most a third of the store's requests a minute", async () => {
    const greedy = await userWithTask("gt-greedy");
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await greedy.fetch("/api/printful/check-task/gt-greedy")).status);
    assert.deepEqual(
      statuses.map((s) => (s === 429 ? 429 : "asked")),
      ["asked", "asked", 429, 429],
    );
    assert.equal(asked("gt-greedy"), REQUESTS_PER_MINUTE / 3, "Printful was asked only the user's share");
    const other = await userWithTask("gt-other");
    assert.notEqual((await other.fetch("/api/printful/check-task/gt-other")).status, 429, "another user is still served");
    assert.equal(asked("gt-other"), 1);
  });
});
