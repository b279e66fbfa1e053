import type { Sql } from "postgres";

/** The migration lock's advisory key: "PXMG". */
const MIGRATION_LOCK = 0x50584d47;

/**
 * Runs `migrate` while this process holds a session advisory lock on a connection of its own, so
 * processes starting at once on one database migrate one after the other: the first applies the
 * pending migrations, the next ones find none left (drizzle's migrator takes no lock, and a process
 * racing another failed on the duplicate and exited). The lock is given back with its connection.
 */
export async function migrateUnderLock(client: Sql, migrate: () => Promise<void>): Promise<void> {
  const reserved = await client.reserve();
  try {
    await reserved`select pg_advisory_lock(${MIGRATION_LOCK})`;
    try {
      await migrate();
    } finally {
      await reserved`select pg_advisory_unlock(${MIGRATION_LOCK})`;
    }
  } finally {
    reserved.release();
  }
}
