import { hitRateLimit } from "../http/rateLimit.ts";
import type { MockupDeps } from "./generateMockup.ts";
import { type MockupOutcome, type MockupTaskRow, recordMockupOutcome } from "./mockupTasks.ts";

export type AskDeps = Pick<MockupDeps, "db" | "client" | "catalogue" | "printfulCallsLimit">;

/**
 * Asks Printful once about a pending task, counted against its user's share of Printful's quota
 * (429 past it, Printful not asked). Undefined while Printful still renders; once it has ended,
 * how (completed with every view of each placement, titled with the placement's name, or failed
 * with why) is kept in the database and answered.
 */
export async function askPrintful(deps: AskDeps, row: Pick<MockupTaskRow, "taskKey" | "userId" | "productId">): Promise<MockupOutcome | undefined> {
  await hitRateLimit(deps.db, deps.printfulCallsLimit, String(row.userId));
  const task = await deps.client.getMockupTask(row.taskKey);
  if (task.status === "pending") return undefined;
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
  return outcome;
}
