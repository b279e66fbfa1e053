// The API on PGlite keeps its session lookups in memory (watchSessionUsers.ts): every change to
// what a lookup reads must show on the very next request, however warm the cache, whether the
// change came through the API's routes or straight through the database.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { eq, sql } from "drizzle-orm";
import { startTestApi, type TestApi } from "@pixlings/test-kit/api";
import { googleSessionJar } from "@pixlings/test-kit/adminSession";
import { roleLists, sessions, users, userWallets } from "../db/tables/accounts.ts";
import { sessionUserCacheOf } from "../sessions/watchSessionUsers.ts";

const NO_INDEXER = "http://127.0.0.1:1";
const ADMIN = "cache-admin@example.test";
let serial = 0;

describe("session lookups cached on PGlite", () => {
  let api: TestApi;
  before(async () => {
    api = await startTestApi({ INDEXER_URL: NO_INDEXER, ADMIN_EMAILS: ADMIN }, { seedCatalogue: false });
  });
  after(() => api.close());

  const jarOf = (email = `cached-${++serial}@example.test`) => googleSessionJar(api, email);
  type Jar = Awaited<ReturnType<typeof jarOf>>;
  /** Many lookups first, so the answer is surely cached, then GET /api/auth/user once more. */
  const warm = async (jar: Jar): Promise<void> => {
    for (let i = 0; i < 5; i++) assert.equal((await jar.fetch("/api/auth/user")).status, 200);
  };
  const user = async (jar: Jar) => {
    const res = await jar.fetch("/api/auth/user");
    return { status: res.status, body: (await res.json()) as { linkedWallets?: string[]; isAdmin?: boolean; message?: string } };
  };
  const userId = async (email: string): Promise<number> => (await api.database.db.select().from(users).where(eq(users.email, email)))[0]!.id;

  it("answers a warm session without the database", async () => {
    const cache = sessionUserCacheOf(api.database.db);
    assert.ok(cache, "PGlite caches session lookups");
    const jar = await jarOf();
    await warm(jar);
    const cold = await jarOf();
    // The lookup function gone for a moment (no trigger fires): only a cached answer can still come.
    await api.database.db.execute(sql`alter function pixlings_session_user(text, timestamptz) rename to pixlings_session_user_away`);
    try {
      assert.deepEqual([(await user(jar)).status, (await user(cold)).status], [200, 500]);
    } finally {
      await api.database.db.execute(sql`alter function pixlings_session_user_away(text, timestamptz) rename to pixlings_session_user`);
    }
    assert.equal((await user(cold)).status, 200);
  });

  it("refuses a signed-out session on the very next request", async () => {
    const jar = await jarOf();
    await warm(jar);
    const cookie = jar.cookie;
    assert.equal((await jar.fetch("/api/logout", { method: "POST" })).status, 200);
    const res = await fetch(`${api.url}/api/auth/user`, { headers: { cookie: cookie ?? "" } });
    assert.equal(res.status, 401);
  });

  it("refuses sessions deleted straight in the database, and a deleted account's", async () => {
    const email = `deleted-${++serial}@example.test`;
    const [first, second] = [await jarOf(email), await jarOf(email)];
    await warm(first);
    await warm(second);
    await api.database.db.delete(sessions).where(eq(sessions.userId, await userId(email)));
    assert.deepEqual([(await user(first)).status, (await user(second)).status], [401, 401]);

    // What "Delete my account" stamps (account/deleteAccount.ts); its own route needs the indexer.
    const thirdEmail = `deleted-${++serial}@example.test`;
    const third = await jarOf(thirdEmail);
    await warm(third);
    await api.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.email, thirdEmail));
    assert.equal((await user(third)).status, 401);
  });

  it("shows a wallet linked, moved or unlinked in the database on the next request", async () => {
    const [aliceEmail, bobEmail] = [`alice-${++serial}@example.test`, `bob-${serial}@example.test`];
    const [alice, bob] = [await jarOf(aliceEmail), await jarOf(bobEmail)];
    await warm(alice);
    await warm(bob);
    const wallet = `0x${String(serial).padStart(40, "a")}`;
    await api.database.db.insert(userWallets).values({ userId: await userId(aliceEmail), address: wallet });
    assert.deepEqual((await user(alice)).body.linkedWallets, [wallet]);
    await warm(bob);
    await api.database.db
      .update(userWallets)
      .set({ userId: await userId(bobEmail) })
      .where(eq(userWallets.address, wallet));
    assert.deepEqual([(await user(alice)).body.linkedWallets, (await user(bob)).body.linkedWallets], [[], [wallet]], "both users of a moved wallet");
    await api.database.db.delete(userWallets).where(eq(userWallets.address, wallet));
    assert.deepEqual((await user(bob)).body.linkedWallets, []);
  });

  it("takes admin away at once when a live process's lists drop the email, and gives it back when they lapse", async () => {
    const admin = await jarOf(ADMIN);
    await warm(admin);
    assert.equal((await user(admin)).body.isAdmin, true);
    const other = { processId: `other-${++serial}`, grants: [] as string[] };
    await api.database.db.insert(roleLists).values({ ...other, liveUntil: new Date(Date.now() + 3_600_000) });
    assert.equal((await user(admin)).body.isAdmin, false, "a live process without the email");
    // Its list lapses (here: its end set in the past, as a crashed process's comes to pass).
    await api.database.db
      .update(roleLists)
      .set({ liveUntil: new Date(Date.now() - 1_000) })
      .where(eq(roleLists.processId, other.processId));
    assert.equal((await user(admin)).body.isAdmin, true);
    await api.database.db.delete(roleLists).where(eq(roleLists.processId, other.processId));
  });
});
