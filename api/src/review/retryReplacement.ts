import { and, eq } from "drizzle-orm";
import type { Db } from "../db/openDatabase.ts";
import { replacementJobs } from "../db/tables/artReplacements.ts";
import { recordAudit } from "../audit/recordAudit.ts";
import { CodedError } from "../http/HttpError.ts";
import type { SessionUser } from "../users/sessionUser.ts";
import { lockLiveReplacement } from "./lockLiveReplacement.ts";

/**
 * Resumes a failed Approve & Replace: its failed chains go back to pending, keeping what they
 * signed (a mined transaction is then found, an unsent one replaced at the same nonce, and the
 * chain's current art is checked before anything is sent). 409 `submission_state` unless failed.
 */
export async function retryReplacement(db: Db, admin: SessionUser, submissionId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const { submission, replacement, jobs, state } = await lockLiveReplacement(tx, submissionId);
    if (!replacement || state !== "failed") {
      throw new CodedError(state ? `This replacement is ${state}, not failed: nothing to retry` : "This submission has no Approve & Replace to retry", {
        code: "submission_state",
        status: submission.status,
        replacement: state,
      });
    }
    await tx
      .update(replacementJobs)
      .set({ state: "pending", updatedAt: new Date() })
      .where(and(eq(replacementJobs.replacementId, replacement.id), eq(replacementJobs.state, "failed")));
    const failed = jobs.filter((job) => job.state === "failed");
    await recordAudit(tx, admin, {
      action: "submission.retry",
      artistId: submission.artistId,
      submissionId,
      tokenId: replacement.tokenId,
      detail: failed.map((job) => `chain ${job.chainId}: ${job.error ?? "failed"}`).join("; "),
    });
  });
}
