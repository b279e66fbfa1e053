import { and, eq, ne, sql } from "drizzle-orm";
import type { Art } from "@pixlings/shared/art/codec";
import type { Db } from "../db/openDatabase.ts";
import { artReplacements, submissions } from "../db/schema.ts";
import { recordAudit } from "../admin/recordAudit.ts";
import type { ActingArtist } from "../artists/actingArtist.ts";
import { toStored } from "../artwork/storedArt.ts";
import { CodedError, notFound } from "../http/HttpError.ts";

export interface SubmissionChanges {
  name?: string;
  /** null clears it. */
  description?: string | null;
  art?: Art;
}

/**
 * Changes the acting artist's own submission while it is editable: not approved and no Approve &
 * Replace under way (one conditional update, so an approve racing it either sees the edit or
 * wins). A rejected submission goes back to review. 404 for another artist's or an unknown one,
 * 409 `submission_state` when not editable.
 */
export async function editSubmission(db: Db, acting: ActingArtist, id: number, changes: SubmissionChanges): Promise<void> {
  await db.transaction(async (tx) => {
    const stored = changes.art ? toStored(changes.art) : undefined;
    const noLiveReplacement = sql`not exists (select 1 from ${artReplacements} where ${artReplacements.submissionId} = ${submissions.id} and ${artReplacements.finishedAt} is null)`;
    const [updated] = await tx
      .update(submissions)
      .set({
        ...(changes.name === undefined ? {} : { name: changes.name }),
        ...(changes.description === undefined ? {} : { description: changes.description }),
        ...(stored ? { ...stored, artVersion: sql`${submissions.artVersion} + 1` } : {}),
        status: "pending",
        updatedAt: new Date(),
      })
      .where(and(eq(submissions.id, id), eq(submissions.artistId, acting.artist.id), ne(submissions.status, "approved"), noLiveReplacement))
      .returning({ id: submissions.id });
    if (!updated) {
      const [row] = await tx
        .select({ status: submissions.status })
        .from(submissions)
        .where(and(eq(submissions.id, id), eq(submissions.artistId, acting.artist.id)));
      if (!row) throw notFound(`No submission ${id} of yours`);
      const message =
        row.status === "approved" ? "Approved submissions cannot be edited" : "This submission is being written on-chain: it cannot be edited now";
      throw new CodedError(message, { code: "submission_state", status: row.status, replacement: row.status === "approved" ? null : "writing" });
    }
    if (acting.impersonation) {
      const what = [changes.name !== undefined && "name", changes.description !== undefined && "description", changes.art && "art"].filter(Boolean).join(", ");
      await recordAudit(tx, acting.user, { action: "as-artist.edit-submission", artistId: acting.artist.id, submissionId: id, detail: what });
    }
  });
}
