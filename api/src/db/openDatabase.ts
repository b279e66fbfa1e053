import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { watchSessionUsers } from "../sessions/watchSessionUsers.ts";
import { initPgliteDirApart } from "./initPgliteDirApart.ts";
import { lockDataDir } from "./lockDataDir.ts";
import { migrateUnderLock } from "./migrateUnderLock.ts";
import { markOneConnection } from "./oneConnection.ts";
import { DRIZZLE_PARSERS, pgliteForDrizzle } from "./pgliteForDrizzle.ts";
import { pgliteStartParams, PGLITE_SHARED_BUFFERS_DEFAULT_MB } from "./pgliteStartParams.ts";
import * as schema from "./schema.ts";

/** The drizzle-kit migrations (committed), applied at every start. */
export const MIGRATIONS_DIR: string = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "drizzle");

/** The API's database, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The handle inside `db.transaction(...)`. */
export type DbTransaction = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
}

export type OpenDatabaseParameters =
  | { databaseUrl: string; pgliteDir?: undefined }
  | {
      databaseUrl?: undefined;
      /** PGlite's data directory, created when missing. */
      pgliteDir: string;
      /** Starts a new data dir from a `dumpDataDir` tarball (tests: skips initdb). */
      loadDataDir?: Blob | undefined;
      /** PGlite's buffer cache (Postgres' shared_buffers), in MB. */
      sharedBuffersMb?: number | undefined;
      /** The bound of the session lookup cache (sessions/sessionUserCache.ts), in bytes. */
      sessionCacheBytes?: number | undefined;
    };

/**
 * Opens Postgres when `databaseUrl` is given, else embedded PGlite in `pgliteDir`, and applies
 * the pending migrations. A PGlite data dir that does not exist yet is made by a process of its own
 * first (initdb's peak memory is then not this process's for good); PGlite's session lookups are
 * cached (sessions/watchSessionUsers.ts).
 */
export async function openDatabase(parameters: OpenDatabaseParameters): Promise<Database> {
  if (parameters.databaseUrl !== undefined) {
    const client = postgres(parameters.databaseUrl, { max: 10, onnotice: () => {} });
    try {
      const db = drizzlePostgres(client, { schema });
      await migrateUnderLock(client, () => migratePostgres(db, { migrationsFolder: MIGRATIONS_DIR }));
      return { db, kind: "postgres", close: () => client.end({ timeout: 5 }) };
    } catch (error) {
      await client.end({ timeout: 1 });
      throw error;
    }
  }
  const { pgliteDir, loadDataDir, sharedBuffersMb = PGLITE_SHARED_BUFFERS_DEFAULT_MB } = parameters;
  await mkdir(pgliteDir, { recursive: true });
  const unlock = lockDataDir(pgliteDir);
  let client: PGlite | undefined;
  try {
    if (!loadDataDir && !existsSync(path.join(pgliteDir, "PG_VERSION"))) await initPgliteDirApart(pgliteDir, sharedBuffersMb);
    client = await PGlite.create({
      dataDir: pgliteDir,
      startParams: pgliteStartParams(sharedBuffersMb),
      parsers: DRIZZLE_PARSERS,
      ...(loadDataDir ? { loadDataDir } : {}),
    });
    const db = drizzlePglite(pgliteForDrizzle(client), { schema });
    await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
    markOneConnection(db);
    const opened = client;
    await watchSessionUsers(db, (channel, onPayload) => opened.listen(channel, onPayload), parameters.sessionCacheBytes);
    return {
      db,
      kind: "pglite",
      close: async () => {
        await opened.close();
        unlock();
      },
    };
  } catch (error) {
    await client?.close();
    unlock();
    throw error;
  }
}
