import { eq, inArray, isNull } from "drizzle-orm";
import type { ReplacementState } from "@pixlings/shared/http/submissions";
import type { Db } from "../db/openDatabase.ts";
import { artReplacements, replacementJobs } from "../db/tables/artReplacements.ts";
import { replacementState } from "../review/replacementView.ts";

/** Every Approve & Replace under way (or failed, awaiting retry), by token id. */
export async function liveReplacements(db: Db, tokenId?: number): Promise<Map<number, { submissionId: number; state: ReplacementState }>> {
  const live = await db
    .select({ id: artReplacements.id, tokenId: artReplacements.tokenId, submissionId: artReplacements.submissionId, finishedAt: artReplacements.finishedAt })
    .from(artReplacements)
    .where(tokenId === undefined ? isNull(artReplacements.finishedAt) : eq(artReplacements.tokenId, tokenId));
  const open = live.filter((r) => r.finishedAt === null);
  if (open.length === 0) return new Map();
  const jobs = await db
    .select({ replacementId: replacementJobs.replacementId, state: replacementJobs.state })
    .from(replacementJobs)
    .where(
      inArray(
        replacementJobs.replacementId,
        open.map((r) => r.id),
      ),
    );
  return new Map(
    open.map((r) => [
      r.tokenId,
      {
        submissionId: r.submissionId,
        state: replacementState(
          r,
          jobs.filter((job) => job.replacementId === r.id),
        ),
      },
    ]),
  );
}
