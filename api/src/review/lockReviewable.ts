import { and, eq, isNull } from "drizzle-orm";
import type { DbTransaction } from "../db/openDatabase.ts";
import { artReplacements } from "../db/tables/artReplacements.ts";
import { submissions } from "../db/tables/submissions.ts";
import type { SubmissionStatus } from "@pixlings/shared/http/submissions";
import { CodedError, notFound } from "../http/HttpError.ts";

/**
 * Locks submission `id` for a review decision and answers it, when its status is one of `allowed`
 * and no Approve & Replace of it is under way; 404 unknown, 409 `submission_state` otherwise.
 */
export async function lockReviewable(
  tx: DbTransaction,
  id: number,
  allowed: readonly SubmissionStatus[],
  verb: string,
): Promise<typeof submissions.$inferSelect> {
  const [submission] = await tx.select().from(submissions).where(eq(submissions.id, id)).for("update");
  if (!submission) throw notFound(`No submission ${id}`);
  const [live] = await tx
    .select({ id: artReplacements.id })
    .from(artReplacements)
    .where(and(eq(artReplacements.submissionId, id), isNull(artReplacements.finishedAt)));
  if (live || !allowed.includes(submission.status)) {
    const why = live ? "its Approve & Replace is under way (retry it if it failed)" : `it is ${submission.status}`;
    throw new CodedError(`This submission cannot be ${verb}: ${why}`, {
      code: "submission_state",
      status: submission.status,
      replacement: live ? "writing" : null,
    });
  }
  return submission;
}
