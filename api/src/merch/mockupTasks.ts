import { and, eq, isNull } from "drizzle-orm";
import type { MockupTaskResponse } from "@pixlings/shared/http/merch";
import type { Db } from "../db/openDatabase.ts";
import { mockupTasks } from "../db/tables/merch.ts";
import { firstCheckAt } from "./upstreamChecks.ts";

export type MockupTaskRow = typeof mockupTasks.$inferSelect;
/** How a task ended, as check-task answers it. */
export type MockupOutcome = NonNullable<MockupTaskRow["outcome"]>;

/** Remembers whose task Printful just started; the first ask about it is due shortly. */
export async function recordMockupTask(db: Db, task: Omit<typeof mockupTasks.$inferInsert, "nextCheckAt">): Promise<void> {
  await db.insert(mockupTasks).values({ ...task, nextCheckAt: firstCheckAt() });
}

export async function findMockupTask(db: Db, taskKey: string): Promise<MockupTaskRow | undefined> {
  const [row] = await db.select().from(mockupTasks).where(eq(mockupTasks.taskKey, taskKey)).limit(1);
  return row;
}

/** Keeps how a task ended (the first answer stays, when two checks race). */
export async function recordMockupOutcome(db: Db, taskKey: string, outcome: MockupOutcome): Promise<void> {
  await db
    .update(mockupTasks)
    .set({ outcome })
    .where(and(eq(mockupTasks.taskKey, taskKey), isNull(mockupTasks.outcome)));
}

export const PENDING: MockupOutcome = { status: "pending", mockups: [], error: null };

export const taskAnswer = (taskKey: string, outcome: MockupOutcome): MockupTaskResponse => ({ result: { task_key: taskKey, ...outcome } });
