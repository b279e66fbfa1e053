import { sql, type SQL } from "drizzle-orm";
import type { Db } from "@pixlings/api/db";

/** How long a started request may take to reach the lock before the test gives up. */
const REACH_LOCK_MS = 15_000;

/** Waits until at least `count` sessions of the database wait on a lock (or, quietly, until `stop`). */
export async function lockWaiters(db: Db, count: number, stop?: AbortSignal): Promise<void> {
  const deadline = Date.now() + REACH_LOCK_MS;
  while (!stop?.aborted) {
    const rows = await db.execute<{ n: number }>(
      sql`select count(*)::integer as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
    );
    if ((Array.from(rows as Iterable<{ n: number }>)[0]?.n ?? 0) >= count) return;
    if (Date.now() > deadline) throw new Error(`no ${count} sessions waiting on a lock after ${REACH_LOCK_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Holds a row lock (`lock`, e.g. `select 1 from submissions where id = 7 for update`) in a
 * transaction of `db` (a Postgres: PGlite has one session) while `starts` begin one after the
 * other, each once the ones before it wait on a lock; then commits, so Postgres hands them the row
 * in that order. Races that real users would hit by chance, made to happen every time. Answers what
 * each start answered, in order.
 */
export async function queueBehindRowLock<T>(db: Db, lock: SQL, starts: readonly (() => Promise<T>)[]): Promise<T[]> {
  const running: Promise<T>[] = [];
  await db.transaction(async (tx) => {
    await tx.execute(lock);
    for (const start of starts) {
      const started = start();
      // Settled by Promise.all below; until then a rejection is not "unhandled".
      started.catch(() => undefined);
      running.push(started);
      await lockWaiters(db, running.length);
    }
  });
  return Promise.all(running);
}
