import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, describe, it } from "node:test";
import { sql } from "drizzle-orm";
import { migratedTemplate } from "@pixlings/test-kit/migratedTemplate";
import { openDatabase } from "./openDatabase.ts";

describe("openDatabase on PGlite", () => {
  let dir: string;
  after(() => rm(dir, { recursive: true, force: true }));

  it("applies the migrations, locks the data dir while open and releases it on close", async (t) => {
    dir = await mkdtemp(path.join(tmpdir(), "pixlings-api-db-"));
    const pgliteDir = path.join(dir, "db");
    const database = await openDatabase({ pgliteDir, loadDataDir: await migratedTemplate() });
    // A failed assertion must not leave PGlite open (the test process would never exit).
    t.after(() => database.close().catch(() => undefined));
    assert.equal(database.kind, "pglite");
    const tables = (await database.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    )) as unknown as { rows: { table_name: string }[] };
    assert.deepEqual(
      tables.rows.map((r) => r.table_name),
      ["artists", "catalogue", "rate_limits", "reservations", "sessions", "siwe_nonces", "users"],
    );
    assert.ok(existsSync(`${pgliteDir}.lock`));
    await assert.rejects(openDatabase({ pgliteDir }), /in use by process/);
    await database.close();
    assert.ok(!existsSync(`${pgliteDir}.lock`));
  });
});
