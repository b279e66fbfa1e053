import { and, eq, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../db/openDatabase.ts";
import { artists, artReplacements, catalogue, submissions } from "../db/schema.ts";
import { CodedError, notFound } from "../http/HttpError.ts";
import type { SessionUser } from "../users/sessionUser.ts";
import { recordAudit } from "./recordAudit.ts";

/**
 * Deletes an artist with its pending and rejected submissions (their conversations with them) and
 * ends impersonations of it. Refused (409 `artist_has_pieces`) while Pix are credited to the artist,
 * or a submission of theirs is approved or being written on-chain: those are the record of art on
 * the chain.
 */
export async function deleteArtist(db: Db, admin: SessionUser, id: number): Promise<string> {
  return db.transaction(async (tx) => {
    const [artist] = await tx.select({ name: artists.name }).from(artists).where(eq(artists.id, id)).for("update");
    if (!artist) throw notFound(`No artist ${id}`);
    const [{ pieces } = { pieces: 0 }] = await tx.select({ pieces: sql<number>`count(*)::integer` }).from(catalogue).where(eq(catalogue.artistId, id));
    const [{ kept } = { kept: 0 }] = await tx
      .select({ kept: sql<number>`count(distinct ${submissions.id})::integer` })
      .from(submissions)
      .leftJoin(artReplacements, and(eq(artReplacements.submissionId, submissions.id), isNull(artReplacements.finishedAt)))
      .where(and(eq(submissions.artistId, id), or(eq(submissions.status, "approved"), sql`${artReplacements.id} is not null`)));
    if (pieces > 0 || kept > 0) {
      throw new CodedError(
        `${artist.name} is credited with ${pieces} Pix and ${kept} approved (or approving) submissions: reassign the Pix first; approved submissions stay on record`,
        { code: "artist_has_pieces", pieces, approvedSubmissions: kept },
      );
    }
    await tx.delete(artists).where(eq(artists.id, id));
    await recordAudit(tx, admin, { action: "artist.delete", artistId: id, detail: artist.name });
    return artist.name;
  });
}
