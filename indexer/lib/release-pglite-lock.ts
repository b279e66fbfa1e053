import { existsSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";

/**
 * Marks Ponder's schema unlocked in its PGlite database after Ponder has exited. Ponder 0.16 on
 * PGlite unlocks on SIGTERM but exits before that write is durable, so the next start would wait
 * up to 25 s for a lock nobody holds. Only call this once Ponder is gone (PGlite is single-process).
 * Returns whether a lock was released.
 */
export async function releasePgliteLock(directory: string, schema: string): Promise<boolean> {
  if (!existsSync(directory)) return false;
  const db = new PGlite(directory);
  try {
    const exists = await db.query<{ found: boolean }>(
      "select exists (select 1 from information_schema.tables where table_schema = $1 and table_name = '_ponder_meta') as found",
      [schema],
    );
    if (!exists.rows[0]?.found) return false;
    const quoted = `"${schema.replaceAll('"', '""')}"`;
    const result = await db.query(
      `update ${quoted}._ponder_meta set value = jsonb_set(value, '{is_locked}', to_jsonb(0)) where key = 'app' and (value->>'is_locked')::int = 1`,
    );
    return (result.affectedRows ?? 0) > 0;
  } finally {
    await db.close();
  }
}
