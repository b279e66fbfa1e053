// The backup and restore of docs/production.md (Backup and restore), command for command: pg_dump of
// the API's schemas only (`public`: its tables, types, functions and triggers; `drizzle`: the
// migrations applied), pg_restore into a fresh database, and the API's own opener on the copy.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { sql } from "drizzle-orm";
import { skipPostgres, startPostgres, type TestPostgres } from "@pixlings/test-kit/postgres";
import { type Database, MIGRATIONS_DIR, openDatabase } from "./openDatabase.ts";

/** The rows of a postgres.js result, as a plain array. */
const rowsOf = <T>(result: unknown): T[] => [...(result as T[])];

describe("backup and restore of the API's schemas", { skip: skipPostgres() }, () => {
  let pg: TestPostgres;
  let dir: string;
  let restored: Database | undefined;

  before(async () => {
    pg = await startPostgres();
    dir = await mkdtemp(path.join(tmpdir(), "pixlings-backup-"));
  });
  after(async () => {
    await restored?.close();
    await pg?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it("dumps public and drizzle only, restores them into a fresh database, and the API opens the copy at head with its rows", async () => {
    const source = await openDatabase({ databaseUrl: pg.url });
    try {
      await source.db.execute(sql`insert into users (email) values ('kept@pixlings.test')`);
      await source.db.execute(
        sql`insert into sessions (id, user_id, expires_at, signed_in_with) select 'session-hash', id, now() + interval '1 day', 'google' from users`,
      );
      // What Ponder keeps in the same database: its schema per deployment, its views, its RPC cache.
      await source.db.execute(sql.raw(`create schema pixlings_0123456789; create table pixlings_0123456789.token (id int)`));
      await source.db.execute(sql.raw(`create schema pixlings; create view pixlings.token as select * from pixlings_0123456789.token`));
      await source.db.execute(sql.raw(`create schema ponder_sync; create table ponder_sync.blocks (number int)`));
    } finally {
      await source.close();
    }

    const dump = path.join(dir, "api.dump");
    execFileSync("pg_dump", ["--format=custom", "--schema=public", "--schema=drizzle", "--no-owner", `--file=${dump}`, pg.url]);
    execFileSync("psql", [pg.url, "--quiet", "--command=create database restored"]);
    const restoredUrl = pg.url.replace(/\/postgres$/, "/restored");
    // --clean --if-exists: the fresh database's own (empty) public schema is replaced by the dump's.
    execFileSync("pg_restore", ["--no-owner", "--clean", "--if-exists", "--exit-on-error", `--dbname=${restoredUrl}`, dump]);

    // The API's opener applies pending migrations: on a restored copy there are none to apply.
    restored = await openDatabase({ databaseUrl: restoredUrl });
    const journal = JSON.parse(await readFile(path.join(MIGRATIONS_DIR, "meta", "_journal.json"), "utf8")) as { entries: { when: number }[] };
    const [applied] = rowsOf<{ count: string; head: string }>(
      await restored.db.execute(sql`select count(*)::text as count, max(created_at)::text as head from drizzle.__drizzle_migrations`),
    );
    assert.deepEqual(applied, { count: String(journal.entries.length), head: String(journal.entries.at(-1)!.when) });
    const sessions = rowsOf<{ email: string }>(await restored.db.execute(sql`select u.email from sessions s join users u on u.id = s.user_id`));
    assert.deepEqual(sessions, [{ email: "kept@pixlings.test" }]);
    // The identity sequences came with the rows: the next user does not collide with a restored one.
    const [next] = rowsOf<{ id: number }>(await restored.db.execute(sql`insert into users (email) values ('new@pixlings.test') returning id`));
    assert.equal(next?.id, 2);
    const schemas = rowsOf<{ nspname: string }>(
      await restored.db.execute(sql`select nspname from pg_namespace where nspname not like 'pg\_%' and nspname <> 'information_schema' order by 1`),
    );
    assert.deepEqual(
      schemas.map((s) => s.nspname),
      ["drizzle", "public"],
      "nothing of Ponder's is in the dump: it re-indexes from the chains",
    );
  });
});
