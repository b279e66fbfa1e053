import { and, eq, isNull, sql } from "drizzle-orm";
import { releaseReplacementHold } from "../sale/replacementHolds.ts";
import type { Db } from "../db/openDatabase.ts";
import { artReplacements } from "../db/tables/artReplacements.ts";
import { submissionMessages, submissions } from "../db/tables/submissions.ts";
import { saveCatalogueEdit } from "../catalogue/saveCatalogueEdit.ts";
import { fromStored, toStored } from "../artwork/storedArt.ts";
import type { ReplacementRow } from "./replacementView.ts";

/** The transaction lock that orders finishes (any constant no other lock of the API uses). */
const ART_FINISH_LOCK = 7_240_311;

/**
 * Once every chain confirmed and the indexer shows the new art everywhere, in one transaction: the
 * replacement finished (its old piece is now a displaced original), the submission approved, the
 * catalogue row credited to the submission's artist with its name, description and traits
 * (curated: the seed leaves it alone; an old custom name or story cleared, as the piece is new), the
 * hold released, and an approval message in the conversation. Answers false when another worker
 * finished it first, or an admin abandoned it meanwhile.
 *
 * Finishes are serialised by a transaction lock and each takes a time past every earlier one, so
 * they commit in the order of their `finished_at`: the activity feed reads them on from the last
 * one it saw and misses none (api/src/activity/artEvents.ts).
 */
export async function finishReplacement(db: Db, replacement: ReplacementRow): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ART_FINISH_LOCK})`);
    const [finished] = await tx
      .update(artReplacements)
      .set({ finishedAt: sql`greatest(clock_timestamp(), (select max(${artReplacements.finishedAt}) from ${artReplacements}) + interval '1 millisecond')` })
      .where(and(eq(artReplacements.id, replacement.id), isNull(artReplacements.finishedAt), isNull(artReplacements.abandonedAt)))
      .returning({ id: artReplacements.id, finishedAt: artReplacements.finishedAt });
    if (!finished?.finishedAt) return false;
    const now = finished.finishedAt;
    const [submission] = await tx
      .update(submissions)
      .set({ status: "approved", targetTokenId: replacement.tokenId, approvedAt: now, updatedAt: now })
      .where(eq(submissions.id, replacement.submissionId))
      .returning();
    if (!submission) throw new Error(`submission ${replacement.submissionId} of replacement ${replacement.id} is gone`);
    const { colorCount, symmetry } = toStored(fromStored(replacement));
    await saveCatalogueEdit(
      tx,
      { tokenId: replacement.tokenId },
      {
        name: submission.name,
        description: submission.description ?? "",
        artistId: submission.artistId ?? replacement.oldArtistId,
        colorCount,
        symmetry,
        customName: null,
        customDescription: null,
        curatedAt: now,
      },
    );
    if (replacement.reservationId !== null) {
      await releaseReplacementHold(tx, replacement.reservationId, now);
    }
    await tx.insert(submissionMessages).values({
      submissionId: submission.id,
      senderType: "admin",
      senderUserId: replacement.startedBy,
      senderName: null,
      messageType: "approval",
      message: `Approved as Token #${replacement.tokenId}${submission.adminNotes ? `: ${submission.adminNotes}` : ""}`,
    });
    return true;
  });
}
