// The voucher's one statement on Postgres (session, both limit hits, the holds around the request)
// must stay cheap to plan: past `jit_above_cost` Postgres compiles it with LLVM on every execution
// (2 s of CPU a voucher, seen under bench:api when the session function's 1,000-row estimate was
// joined in).
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { sql } from "drizzle-orm";
import { skipPostgres, startPostgres, type TestPostgres } from "@pixlings/test-kit/postgres";
import { openDatabase, type Database } from "../db/openDatabase.ts";
import { rowsOf } from "../db/rowsOf.ts";
import { signedInWalletStatement } from "./signedInWalletHits.ts";

describe("the voucher's session, limits and holds statement", { skip: skipPostgres() && "PIXLINGS_SKIP_POSTGRES=1" }, () => {
  let pg: TestPostgres;
  let database: Database;
  before(async () => {
    pg = await startPostgres();
    database = await openDatabase({ databaseUrl: pg.url });
  });
  after(async () => {
    await database?.close();
    await pg?.stop();
  });

  it("is planned below jit_above_cost, so it is never compiled", async () => {
    const statement = signedInWalletStatement({
      sessionId: "a".repeat(64),
      now: new Date(),
      client: { rule: { name: "authorize-client", limit: 60, windowMs: 60_000 }, subject: "203.0.113.1" },
      wallet: { name: "authorize-address", limit: 10, windowMs: 60_000 },
      tokenIds: [1, 2, 3],
    });
    const [jit] = rowsOf(await database.db.execute(sql`select current_setting('jit_above_cost')::float8 as cost`)) as [{ cost: number }];
    const [plan] = rowsOf(await database.db.execute(sql`explain (format json) ${statement}`)) as [{ "QUERY PLAN": [{ Plan: { "Total Cost": number } }] }];
    const cost = plan["QUERY PLAN"][0].Plan["Total Cost"];
    assert.ok(cost < jit.cost, `planned cost ${cost} is past jit_above_cost ${jit.cost}`);
  });
});
