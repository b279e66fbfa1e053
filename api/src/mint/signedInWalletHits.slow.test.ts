// The voucher's one statement on Postgres (session, both limit hits, the holds around the request)
// must stay cheap to plan: past `jit_above_cost` Postgres compiles it with LLVM on every execution
// (2 s of CPU a voucher, seen under bench:api when the session function's 1,000-row estimate was
// joined in). It is a prepared statement (preparedSql.ts), so after five executions Postgres may
// plan it once for any values: that generic plan must stay below too.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { fillPlaceholders, sql } from "drizzle-orm";
import { skipPostgres, startPostgres, type TestPostgres } from "@pixlings/test-kit/postgres";
import { openDatabase, type Database } from "../db/openDatabase.ts";
import { intArray, statementText } from "../db/preparedSql.ts";
import { rowsOf } from "../db/rowsOf.ts";
import { signedInWalletStatement } from "./signedInWalletHits.ts";

type Plan = [{ "QUERY PLAN": [{ Plan: { "Total Cost": number } }] }];

/** A parameter as an SQL literal, for EXECUTE (a utility statement takes no parameters). */
const literal = (value: unknown): string => (value === null ? "null" : typeof value === "number" ? String(value) : `'${String(value).replaceAll("'", "''")}'`);

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

  it("is planned below jit_above_cost, for these values and for any (its generic plan), so it is never compiled", async () => {
    const { db } = database;
    const statement = signedInWalletStatement(
      { name: "authorize-client", limit: 60, windowMs: 60_000 },
      { name: "authorize-address", limit: 10, windowMs: 60_000 },
    );
    const { text, params } = statementText(db, statement);
    const values = fillPlaceholders(params, {
      sessionId: "a".repeat(64),
      at: new Date().toISOString(),
      clientKey: "authorize-client:203.0.113.1",
      tokenIds: intArray([1, 2, 3]),
    });
    const [jit] = rowsOf(await db.execute(sql`select current_setting('jit_above_cost')::float8 as cost`)) as [{ cost: number }];
    const client = (db as unknown as { $client: { unsafe(text: string, params?: unknown[]): Promise<unknown> } }).$client;
    const [custom] = rowsOf(await client.unsafe(`explain (format json) ${text}`, values)) as Plan;
    const customCost = custom["QUERY PLAN"][0].Plan["Total Cost"];
    assert.ok(customCost < jit.cost, `planned cost ${customCost} is past jit_above_cost ${jit.cost}`);
    const generic = await db.transaction(async (tx) => {
      await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
      await tx.execute(sql.raw(`prepare voucher_statement as ${text}`));
      const [plan] = rowsOf(await tx.execute(sql.raw(`explain (format json) execute voucher_statement(${values.map(literal).join(", ")})`))) as Plan;
      await tx.execute(sql`deallocate voucher_statement`);
      return plan["QUERY PLAN"][0].Plan["Total Cost"];
    });
    assert.ok(generic < jit.cost, `the generic plan's cost ${generic} is past jit_above_cost ${jit.cost}`);
  });
});
