import { eq } from "drizzle-orm";
import type { Db } from "../db/openDatabase.ts";
import { mockupTasks } from "../db/schema.ts";

export type MockupTaskRow = typeof mockupTasks.$inferSelect;

/** Remembers whose task Printful just started. */
export async function recordMockupTask(db: Db, task: typeof mockupTasks.$inferInsert): Promise<void> {
  await db.insert(mockupTasks).values(task);
}

export async function findMockupTask(db: Db, taskKey: string): Promise<MockupTaskRow | undefined> {
  const [row] = await db.select().from(mockupTasks).where(eq(mockupTasks.taskKey, taskKey)).limit(1);
  return row;
}
