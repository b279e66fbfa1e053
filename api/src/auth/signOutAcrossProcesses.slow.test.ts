// Two API processes on one Postgres, each with its own connections: a sign-out through one holds on
// the other at its very next request, however warm its lookups, with no waiting in between.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { googleSessionJar } from "@pixlings/test-kit/adminSession";
import { startTestApi, type TestApi } from "@pixlings/test-kit/api";
import { skipPostgres, startPostgres, type TestPostgres } from "@pixlings/test-kit/postgres";

const NO_INDEXER = "http://127.0.0.1:1";
const SESSION_SECRET = "sign-out-across-processes-secret-0123456789abcdef";

describe("sign-out across two API processes on one Postgres", { skip: skipPostgres() && "PIXLINGS_SKIP_POSTGRES=1" }, () => {
  let pg: TestPostgres;
  let a: TestApi;
  let b: TestApi;
  before(async () => {
    pg = await startPostgres();
    const env = { DATABASE_URL: pg.url, INDEXER_URL: NO_INDEXER, SESSION_SECRET };
    a = await startTestApi(env, { seedCatalogue: false });
    b = await startTestApi(env, { seedCatalogue: false });
  });
  after(async () => {
    await a?.close();
    await b?.close();
    await pg?.stop();
  });

  /** GET /api/auth/user with `cookie` on `api`, as often as asked at once: the statuses. */
  const statuses = (api: TestApi, cookie: string | undefined, times = 1): Promise<number[]> =>
    Promise.all(Array.from({ length: times }, () => fetch(`${api.url}/api/auth/user`, { headers: { cookie: cookie ?? "" } }).then((res) => res.status)));

  it("signs out through A, and B refuses the session on its next request", async () => {
    const jar = await googleSessionJar(a, "across@example.test");
    const cookie = jar.cookie;
    assert.deepEqual([...(await statuses(a, cookie, 20)), ...(await statuses(b, cookie, 20))], Array(40).fill(200));
    assert.equal((await jar.fetch("/api/logout", { method: "POST" })).status, 200);
    assert.deepEqual(await statuses(b, cookie, 5), Array(5).fill(401));
    assert.deepEqual(await statuses(a, cookie), [401]);
  });

  it("ends every session through B's Sign out everywhere, and A refuses each on its next request", async () => {
    const [first, second] = [await googleSessionJar(a, "everywhere@example.test"), await googleSessionJar(b, "everywhere@example.test")];
    for (const jar of [first, second]) assert.deepEqual([...(await statuses(a, jar.cookie, 10)), ...(await statuses(b, jar.cookie, 10))], Array(20).fill(200));
    const res = await fetch(`${b.url}/api/auth/logout-everywhere`, { method: "POST", headers: { cookie: second.cookie ?? "" } });
    assert.equal(res.status, 200, await res.clone().text());
    assert.deepEqual([...(await statuses(a, first.cookie, 3)), ...(await statuses(a, second.cookie, 3))], Array(6).fill(401));
  });
});
