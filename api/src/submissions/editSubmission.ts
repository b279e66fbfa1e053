import { and, eq, isNull, sql } from "drizzle-orm";
import type { Art } from "@pixlings/shared/art/codec";
import type { Db } from "../db/openDatabase.ts";
import { artReplacements } from "../db/tables/artReplacements.ts";
import { submissions } from "../db/tables/submissions.ts";
import { recordAudit } from "../audit/recordAudit.ts";
import type { ActingArtist } from "../impersonation/actingArtist.ts";
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
 * Replace under way. The row is locked first and the replacement looked up in a statement of its
 * own: under READ COMMITTED an UPDATE that waited for an approve's lock would re-check its own row
 * but judge a subquery on the snapshot it started with, missing the replacement the approve just
 * committed (the artist's art would land after the approve copied the old one). A rejected
 * submission goes back to review, without the rejection's notes. 404 for another artist's or an unknown one, 409
 * `submission_state` when not editable.
 */
export async function editSubmission(db: Db, acting: ActingArtist, id: number, changes: SubmissionChanges): Promise<void> {
  await db.transaction(async (tx) => {
    const stored = changes.art ? toStored(changes.art) : undefined;
    const [row] = await tx
      .select({ status: submissions.status })
      .from(submissions)
      .where(and(eq(submissions.id, id), eq(submissions.artistId, acting.artist.id)))
      .for("update");
    if (!row) throw notFound(`No submission ${id} of yours`);
    const [live] = await tx
      .select({ id: artReplacements.id })
      .from(artReplacements)
      .where(and(eq(artReplacements.submissionId, id), isNull(artReplacements.finishedAt)));
    if (row.status === "approved")
      throw new CodedError("Approved submissions cannot be edited", { code: "submission_state", status: row.status, replacement: null });
    if (live) {
      throw new CodedError("This submission is being written on-chain: it cannot be edited now", {
        code: "submission_state",
        status: row.status,
        replacement: "writing",
      });
    }
    await tx
      .update(submissions)
      .set({
        ...(changes.name === undefined ? {} : { name: changes.name }),
        ...(changes.description === undefined ? {} : { description: changes.description }),
        ...(stored ? { ...stored, artVersion: sql`${submissions.artVersion} + 1` } : {}),
        status: "pending",
        // A rejected piece sent back for review starts clean: the rejection's reason stays in its conversation.
        ...(row.status === "rejected" ? { adminNotes: null } : {}),
        updatedAt: new Date(),
      })
      .where(eq(submissions.id, id));
    if (acting.impersonation) {
      const what = [changes.name !== undefined && "name", changes.description !== undefined && "description", changes.art && "art"].filter(Boolean).join(", ");
      await recordAudit(tx, acting.user, { action: "as-artist.edit-submission", artistId: acting.artist.id, submissionId: id, detail: what });
    }
  });
}
