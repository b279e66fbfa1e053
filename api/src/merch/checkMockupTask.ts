import type { MockupTaskResponse } from "@pixlings/shared/http/merch";
import { notFound } from "../http/HttpError.ts";
import { hitRateLimit } from "../http/rateLimit.ts";
import type { SessionUser } from "../users/sessionUser.ts";
import type { MockupDeps } from "./generateMockup.ts";
import { findMockupTask, type MockupOutcome, recordMockupOutcome, taskAnswer } from "./mockupTasks.ts";

/**
 * Where `user`'s mockup task stands: pending, completed with every view of each placement (titled
 * with the placement's name), or failed with why. Printful is asked only while the task is
 * pending (each time counted against the user's share of Printful's quota: 429 past it); how it
 * ended is kept and answered from the database from then on. A key that is not
 * one of this user's tasks is 404, whoever else's it is.
 */
export async function checkMockupTask(
  deps: Pick<MockupDeps, "db" | "client" | "catalogue" | "printfulCallsLimit">,
  user: SessionUser,
  taskKey: string,
): Promise<MockupTaskResponse> {
  const row = await findMockupTask(deps.db, taskKey);
  if (!row || row.userId !== user.id) throw notFound("No mockup task of yours has this key");
  if (row.outcome) return taskAnswer(row.taskKey, row.outcome);
  await hitRateLimit(deps.db, deps.printfulCallsLimit, String(user.id));
  const task = await deps.client.getMockupTask(taskKey);
  if (task.status === "pending") return taskAnswer(row.taskKey, { status: "pending", mockups: [], error: null });
  let outcome: MockupOutcome;
  if (task.status === "failed") {
    outcome = { status: "failed", mockups: [], error: task.error ?? "Mockup generation failed" };
  } else {
    const placements = (await deps.catalogue.product(row.productId)).placements;
    const mockups = (task.mockups ?? []).map((mockup) => ({
      placement: mockup.placement,
      title: placements.get(mockup.placement)?.title ?? mockup.placement,
      mockup_url: mockup.mockup_url,
      variant_ids: mockup.variant_ids,
      extra: mockup.extra.map(({ url, option, title }) => ({ url, option, title })),
    }));
    outcome = { status: "completed", mockups, error: null };
  }
  await recordMockupOutcome(deps.db, row.taskKey, outcome);
  return taskAnswer(row.taskKey, outcome);
}
