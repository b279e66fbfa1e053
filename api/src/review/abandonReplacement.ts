import { and, eq, isNotNull, isNull } from "drizzle-orm";
import type { Db } from "../db/openDatabase.ts";
import { artReplacements, replacementJobs } from "../db/tables/artReplacements.ts";
import { recordAudit } from "../audit/recordAudit.ts";
import { CodedError } from "../http/HttpError.ts";
import type { SessionUser } from "../users/sessionUser.ts";
import { dropIfStill } from "./replacementChecks.ts";
import { lockLiveReplacement } from "./lockLiveReplacement.ts";
import type { ReplacementRow } from "./replacementView.ts";

/**
 * Gives up a submission's Approve & Replace that failed, or that waits for an indexer that will
 * not show it (a chain written alone by an operator, a chain taken off the indexer): every chain's
 * job goes back to pending with that chain's old art as its target, keeping what it signed (a
 * transaction of it that may still mine is replaced at its nonce, so the new art cannot land after
 * the old). The worker writes it where the chain's art changed, then removes the replacement and
 * releases the hold (`finishAbandoned`). 409 `submission_state` while a chain is still being
 * written, before the approve's checks are done, or when already abandoned (retry resumes that).
 */
export async function abandonReplacement(db: Db, admin: SessionUser, submissionId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const { submission, replacement, jobs, state } = await lockLiveReplacement(tx, submissionId);
    const refuse = (message: string): CodedError => new CodedError(message, { code: "submission_state", status: submission.status, replacement: state });
    if (!replacement) throw refuse("This submission has no Approve & Replace to abandon");
    if (replacement.abandonedAt) throw refuse("This replacement is already being abandoned: retry it if it failed");
    if (!replacement.checkedAt || state === "writing") {
      throw refuse("A chain is still being written: abandon once every chain has confirmed or failed");
    }
    const now = new Date();
    await tx.update(artReplacements).set({ abandonedAt: now }).where(eq(artReplacements.id, replacement.id));
    await tx
      .update(replacementJobs)
      .set({ state: "pending", error: null, settledBlock: null, attempts: 0, runAfter: now, updatedAt: now })
      .where(eq(replacementJobs.replacementId, replacement.id));
    await recordAudit(tx, admin, {
      action: "submission.abandon",
      artistId: submission.artistId,
      submissionId,
      tokenId: replacement.tokenId,
      detail: `"${submission.name}" off Pix #${replacement.tokenId}: ${jobs.map((job) => `chain ${job.chainId} ${job.state}${job.txHash ? ` (${job.txHash})` : ""}`).join("; ")}`,
    });
  });
}

/** An abandoned replacement whose chains all show their old art again: removed with its jobs, its hold released. */
export async function finishAbandoned(db: Db, replacement: ReplacementRow): Promise<boolean> {
  return dropIfStill(db, replacement, and(isNotNull(artReplacements.abandonedAt), isNull(artReplacements.finishedAt))!);
}
