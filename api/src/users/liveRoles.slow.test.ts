// A removed admin is refused at once, on Postgres with API processes of their own connections: one
// started with the new ADMIN_EMAILS beside the old, and the old one restarted with the new list.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { googleSessionJar } from "@pixlings/test-kit/adminSession";
import { startTestApi, type TestApi } from "@pixlings/test-kit/api";
import { skipPostgres, startPostgres, type TestPostgres } from "@pixlings/test-kit/postgres";

const ADMIN = "boss@example.test";
const NO_INDEXER = "http://127.0.0.1:1";

describe("a removed admin on Postgres", { skip: skipPostgres() && "PIXLINGS_SKIP_POSTGRES=1" }, () => {
  let pg: TestPostgres;
  const running: TestApi[] = [];
  const start = async (adminEmails: string): Promise<TestApi> => {
    const api = await startTestApi({ DATABASE_URL: pg.url, INDEXER_URL: NO_INDEXER, ADMIN_EMAILS: adminEmails }, { seedCatalogue: false });
    running.push(api);
    return api;
  };
  const stop = async (api: TestApi): Promise<void> => {
    await api.close();
    running.splice(running.indexOf(api), 1);
  };
  before(async () => {
    pg = await startPostgres();
  });
  after(async () => {
    for (const api of [...running]) await stop(api);
    await pg?.stop();
  });

  it("is refused on every process as soon as one runs with the new list, and after a restart with it", async () => {
    const old = await start(`${ADMIN}, other@example.test`);
    const admin = await googleSessionJar(old, ADMIN);
    const status = (api: TestApi) => fetch(`${api.url}/api/admin/audit-log`, { headers: { cookie: admin.cookie ?? "" } }).then((res) => res.status);
    assert.equal(await status(old), 200);

    const updated = await start("other@example.test");
    assert.deepEqual([await status(old), await status(updated)], [403, 403], "both processes, at once");

    // The old process restarted with the new list: the session is still refused.
    await stop(old);
    const restarted = await start("other@example.test");
    assert.equal(await status(restarted), 403);

    // A process with the old list again does not bring it back while one without it runs.
    const stale = await start(`${ADMIN}, other@example.test`);
    assert.equal(await status(stale), 403);
    await stop(updated);
    await stop(restarted);
    assert.equal(await status(stale), 200, "every live process lists it again");
  });
});
