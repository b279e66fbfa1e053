import type { MockupTaskResponse } from "@pixlings/shared/http/merch";
import { notFound } from "../http/HttpError.ts";
import type { SessionUser } from "../users/sessionUser.ts";
import { type AskDeps, askPrintful } from "./askPrintful.ts";
import { findMockupTask, type MockupTaskRow, PENDING, taskAnswer } from "./mockupTasks.ts";

/** `user`'s task by its key; 404 for a key that is not one of this user's tasks, whoever else's it is. */
export async function ownMockupTask(deps: Pick<AskDeps, "db">, user: SessionUser, taskKey: string): Promise<MockupTaskRow> {
  const row = await findMockupTask(deps.db, taskKey);
  if (!row || row.userId !== user.id) throw notFound("No mockup task of yours has this key");
  return row;
}

/**
 * Where `user`'s mockup task stands now: pending, completed with every view of each placement, or
 * failed with why. Printful is asked while the task is pending (askPrintful.ts); how it ended is
 * kept and answered from the database from then on. Pages wait for the end instead
 * (`?wait=`, mockupWaits.ts); this is the check of the spec's 2 s polling.
 */
export async function checkMockupTask(deps: AskDeps, user: SessionUser, taskKey: string): Promise<MockupTaskResponse> {
  const row = await ownMockupTask(deps, user, taskKey);
  if (row.outcome) return taskAnswer(row.taskKey, row.outcome);
  return taskAnswer(row.taskKey, (await askPrintful(deps, row)) ?? PENDING);
}
