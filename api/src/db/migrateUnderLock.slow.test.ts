import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import postgres from "postgres";
import { skipPostgres, startPostgres, type TestPostgres } from "@pixlings/test-kit/postgres";
import { openDatabase, type Database } from "./openDatabase.ts";

let server: TestPostgres | undefined;
before(async () => {
  if (!skipPostgres()) server = await startPostgres();
});
after(async () => {
  await server?.stop();
});

test("processes starting at once on a new database all come up: one migrates, the others wait for it and find nothing to do", {
  skip: skipPostgres(),
}, async () => {
  const url = server!.url;
  const opened = await Promise.allSettled(Array.from({ length: 3 }, () => openDatabase({ databaseUrl: url })));
  const databases = opened.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  try {
    assert.deepEqual(
      opened.filter((result) => result.status === "rejected").map((result) => String((result as PromiseRejectedResult).reason)),
      [],
    );
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    try {
      const [row] = await sql<{ applied: number; distinct: number }[]>`
        select count(*)::int as applied, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations`;
      assert.ok(row!.applied > 0);
      assert.equal(row!.applied, row!.distinct, "each migration recorded once");
      const [lock] = await sql<{ held: number }[]>`select count(*)::int as held from pg_locks where locktype = 'advisory'`;
      assert.equal(lock!.held, 0, "the migration lock is given back");
    } finally {
      await sql.end();
    }
  } finally {
    await Promise.all(databases.map((database: Database) => database.close()));
  }
});
