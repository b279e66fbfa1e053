import { and, eq, isNull, lte, sql } from "drizzle-orm";
import type { Db } from "../db/openDatabase.ts";
import { mockupTasks } from "../db/tables/merch.ts";

/**
 * How often Printful is asked about a task while pages wait on it: after a third of the task's age
 * (a page learns of a finished mockup within a third of the time it took), at least 150 ms apart
 * and at most 3 s. Printful has no push, so this is the price of a prompt answer: 4 asks for a task
 * that takes 0.6 s, 12 for 5 s, 31 for a whole minute, against a user's share of a third
 * of the store's 120 calls a minute (each ask counts against it, api/src/merch/askPrintful.ts).
 */
export const UPSTREAM_CHECKS = { minMs: 150, maxMs: 3_000, ageDivisor: 3 } as const;

/** The wait before the next ask about a task `ageMs` old. */
export function upstreamCheckDelayMs(ageMs: number): number {
  const { minMs, maxMs, ageDivisor } = UPSTREAM_CHECKS;
  return Math.min(maxMs, Math.max(minMs, Math.floor(ageMs / ageDivisor)));
}

/** Where a task stands, by the database's clock. */
export interface TaskState {
  outcome: (typeof mockupTasks.$inferSelect)["outcome"];
  ageMs: number;
  /** Until the next ask is due (0 or less: due now). */
  dueInMs: number;
}

export async function readTaskState(db: Db, taskKey: string): Promise<TaskState | undefined> {
  const [row] = await db
    .select({
      outcome: mockupTasks.outcome,
      ageMs: sql<number>`extract(epoch from (now() - ${mockupTasks.createdAt})) * 1000`.mapWith(Number),
      dueInMs: sql<number>`extract(epoch from (${mockupTasks.nextCheckAt} - now())) * 1000`.mapWith(Number),
    })
    .from(mockupTasks)
    .where(eq(mockupTasks.taskKey, taskKey))
    .limit(1);
  return row;
}

/**
 * Takes the ask that is due, if no one (this process or another) took it: moves the next one
 * `delayMs` on. True for exactly one taker per due time, however many processes try at once.
 */
export async function claimDueCheck(db: Db, taskKey: string, delayMs: number): Promise<boolean> {
  const claimed = await db
    .update(mockupTasks)
    .set({ nextCheckAt: sql`now() + make_interval(secs => ${delayMs / 1000})` })
    .where(and(eq(mockupTasks.taskKey, taskKey), isNull(mockupTasks.outcome), lte(mockupTasks.nextCheckAt, sql`now()`)))
    .returning({ taskKey: mockupTasks.taskKey });
  return claimed.length > 0;
}

/** After an ask that failed: the next one is due at once (for the next page that waits). */
export async function releaseCheck(db: Db, taskKey: string): Promise<void> {
  await db.update(mockupTasks).set({ nextCheckAt: sql`now()` }).where(eq(mockupTasks.taskKey, taskKey));
}

/** A new task's first ask: the schedule's shortest wait after it starts. */
export const firstCheckAt = () => sql`now() + make_interval(secs => ${UPSTREAM_CHECKS.minMs / 1000})`;
