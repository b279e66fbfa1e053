import { eq } from "drizzle-orm";
import type { Db } from "../db/openDatabase.ts";
import { submissionMessages, submissions } from "../db/tables/submissions.ts";
import { recordAudit } from "../audit/recordAudit.ts";
import type { SessionUser } from "../users/sessionUser.ts";
import { lockReviewable } from "./lockReviewable.ts";

/**
 * Rejects a pending submission with the admin's reason: its notes, and a `rejection` message in
 * its conversation (one transaction). 409 `submission_state` when not pending or being approved.
 */
export async function rejectSubmission(db: Db, admin: SessionUser, id: number, adminNotes: string): Promise<void> {
  await db.transaction(async (tx) => {
    const submission = await lockReviewable(tx, id, ["pending"], "rejected");
    await tx.update(submissions).set({ status: "rejected", adminNotes, updatedAt: new Date() }).where(eq(submissions.id, id));
    await tx.insert(submissionMessages).values({
      submissionId: id,
      senderType: "admin",
      senderUserId: admin.id,
      senderName: admin.firstName ?? admin.email,
      messageType: "rejection",
      message: adminNotes,
    });
    await recordAudit(tx, admin, { action: "submission.reject", artistId: submission.artistId, submissionId: id, detail: adminNotes.slice(0, 200) });
  });
}
