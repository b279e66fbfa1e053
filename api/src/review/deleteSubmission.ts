import { eq } from "drizzle-orm";
import type { Db } from "../db/openDatabase.ts";
import { submissions } from "../db/tables/submissions.ts";
import { recordAudit } from "../audit/recordAudit.ts";
import type { SessionUser } from "../users/sessionUser.ts";
import { lockReviewable } from "./lockReviewable.ts";

/** Deletes a pending or rejected submission with its conversation. 409 `submission_state` otherwise. */
export async function deleteSubmission(db: Db, admin: SessionUser, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const submission = await lockReviewable(tx, id, ["pending", "rejected"], "deleted");
    await tx.delete(submissions).where(eq(submissions.id, id));
    await recordAudit(tx, admin, { action: "submission.delete", artistId: submission.artistId, submissionId: id, detail: `"${submission.name}"` });
  });
}
