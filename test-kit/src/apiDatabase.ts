import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { openDatabase, type Database } from "@pixlings/api/db";
import { migratedTemplate } from "./migratedTemplate.ts";
import { skipPostgres, startPostgres } from "./postgres.ts";

type ApiDatabaseKind = "PGlite" | "Postgres 15";

/**
 * A fresh API database, migrated: on PGlite (from the migrated template, in a temp dir) or on a
 * throwaway Postgres 15. Its close() also removes it (the dir, or the server).
 */
async function openApiDatabase(kind: ApiDatabaseKind): Promise<Database> {
  if (kind === "PGlite") {
    const dir = await mkdtemp(path.join(tmpdir(), "pixlings-api-db-"));
    const removeDir = (): Promise<void> => rm(dir, { recursive: true, force: true });
    try {
      const database = await openDatabase({ pgliteDir: path.join(dir, "db"), loadDataDir: await migratedTemplate() });
      return { ...database, close: () => database.close().finally(removeDir) };
    } catch (error) {
      await removeDir();
      throw error;
    }
  }
  const pg = await startPostgres();
  try {
    const database = await openDatabase({ databaseUrl: pg.url });
    return { ...database, close: () => database.close().finally(() => pg.stop()) };
  } catch (error) {
    await pg.stop();
    throw error;
  }
}

/**
 * The same tests on each kind of API database: `describe("<subject> on PGlite")` and on
 * Postgres 15 (skipped, saying so, when PIXLINGS_SKIP_POSTGRES=1), each over a database of its own
 * that `suite` reads through `database()` once the tests run.
 */
export function describeOnApiDatabases(subject: string, suite: (database: () => Database) => void): void {
  for (const kind of ["PGlite", "Postgres 15"] as const) {
    describe(`${subject} on ${kind}`, () => {
      if (kind === "Postgres 15" && skipPostgres()) {
        it.skip("skipped: PIXLINGS_SKIP_POSTGRES=1");
        return;
      }
      let opened: Database | undefined;
      before(async () => {
        opened = await openApiDatabase(kind);
      });
      after(async () => {
        await opened?.close();
      });
      suite(() => {
        if (!opened) throw new Error(`the ${kind} database is not open (its before hook failed)`);
        return opened;
      });
    });
  }
}
