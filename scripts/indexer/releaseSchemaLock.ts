import { existsSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import postgres from "postgres";
import type { DatabaseConfig } from "@pixlings/shared/node/indexerConfig";

const quote = (schema: string): string => `"${schema.replaceAll('"', '""')}"`;

const UNLOCK = (schema: string): string =>
  `update ${quote(schema)}._ponder_meta set value = jsonb_set(value, '{is_locked}', to_jsonb(0)) where key = 'app' and (value->>'is_locked')::int = 1`;

const HAS_META = "select exists (select 1 from information_schema.tables where table_schema = $1 and table_name = '_ponder_meta') as found";

async function releaseInPglite(directory: string, schema: string): Promise<boolean> {
  if (!existsSync(directory)) return false;
  const db = new PGlite(directory);
  try {
    const exists = await db.query<{ found: boolean }>(HAS_META, [schema]);
    if (!exists.rows[0]?.found) return false;
    const result = await db.query(UNLOCK(schema));
    return (result.affectedRows ?? 0) > 0;
  } finally {
    await db.close();
  }
}

async function releaseInPostgres(connectionString: string, schema: string): Promise<boolean> {
  const sql = postgres(connectionString, { max: 1, connect_timeout: 5, onnotice: () => {} });
  try {
    const [exists] = await sql.unsafe<{ found: boolean }[]>(HAS_META, [schema]);
    if (!exists?.found) return false;
    return (await sql.unsafe(UNLOCK(schema))).count > 0;
  } finally {
    await sql.end({ timeout: 1 });
  }
}

/**
 * Marks Ponder's schema unlocked after Ponder has exited. Ponder 0.16 starts its unlock on SIGTERM
 * but exits before it lands (PGlite: the write is not durable; Postgres: the query is cut off), so
 * the next start would wait up to 25 s for a lock nobody holds. Call it only once the Ponder that
 * held the lock is gone (`PonderProcess.releaseLock` checks both). Returns whether it released one.
 */
export async function releaseSchemaLock(database: DatabaseConfig, schema: string): Promise<boolean> {
  return database.kind === "pglite" ? releaseInPglite(database.directory, schema) : releaseInPostgres(database.connectionString, schema);
}
