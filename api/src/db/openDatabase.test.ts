import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { sql } from "drizzle-orm";
import { type Database, MIGRATIONS_DIR, openDatabase } from "./openDatabase.ts";

const TABLES = [
  "admin_audit_log",
  "art_replacements",
  "artist_impersonations",
  "artists",
  "card_orders",
  "catalogue",
  "chain_deployments",
  "freemint_cards",
  "key_nonces",
  "mockup_tasks",
  "order_jobs",
  "rate_limits",
  "replacement_jobs",
  "reservations",
  "role_lists",
  "sessions",
  "siwe_nonces",
  "stories_version",
  "stripe_events",
  "submission_messages",
  "submission_reads",
  "submissions",
  "user_wallets",
  "users",
];

async function publicTables(database: Database): Promise<string[]> {
  const result = (await database.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
  )) as unknown as { rows: { table_name: string }[] };
  return result.rows.map((r) => r.table_name);
}

async function appliedMigrations(database: Database): Promise<number> {
  const result = (await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as { rows: { n: number }[] };
  return result.rows[0]!.n;
}

// A data dir that does not exist yet: initdb, then every committed migration from the first.
describe("openDatabase on a fresh PGlite", () => {
  let dir: string;
  let pgliteDir: string;
  let migrationFiles: number;
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "pixlings-api-db-"));
    pgliteDir = path.join(dir, "db");
    migrationFiles = (await readdir(MIGRATIONS_DIR)).filter((name) => name.endsWith(".sql")).length;
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it("creates the data dir, applies every migration and locks the dir while open", async (t) => {
    assert.ok(!existsSync(pgliteDir));
    const database = await openDatabase({ pgliteDir });
    // A failed assertion must not leave PGlite open (the test process would never exit).
    t.after(() => database.close().catch(() => undefined));
    assert.equal(database.kind, "pglite");
    assert.deepEqual(await publicTables(database), TABLES);
    assert.ok(migrationFiles >= 3);
    assert.equal(await appliedMigrations(database), migrationFiles);
    assert.ok(existsSync(`${pgliteDir}.lock`));
    await assert.rejects(openDatabase({ pgliteDir }), /in use by process/);
    await database.close();
    assert.ok(!existsSync(`${pgliteDir}.lock`));
  });

  it("opens the same dir again without re-applying anything, and keeps its rows", async (t) => {
    const first = await openDatabase({ pgliteDir });
    await first.db.execute(sql`insert into siwe_nonces (nonce, expires_at) values ('kept', now() + interval '1 hour')`);
    await first.close();
    const again = await openDatabase({ pgliteDir });
    t.after(() => again.close().catch(() => undefined));
    assert.equal(await appliedMigrations(again), migrationFiles);
    const kept = (await again.db.execute(sql`select nonce from siwe_nonces`)) as unknown as { rows: { nonce: string }[] };
    assert.deepEqual(kept.rows, [{ nonce: "kept" }]);
  });
});
