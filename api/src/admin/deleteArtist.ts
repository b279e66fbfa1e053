import { and, eq, isNull, or, sql } from "drizzle-orm";
import type { Db, DbTransaction } from "../db/openDatabase.ts";
import { artists, catalogue } from "../db/tables/catalogue.ts";
import { artReplacements } from "../db/tables/artReplacements.ts";
import { submissions } from "../db/tables/submissions.ts";
import { hasPgErrorCode, PG_ERROR } from "../db/pgErrorCode.ts";
import { CodedError, notFound } from "../http/HttpError.ts";
import type { SessionUser } from "../users/sessionUser.ts";
import { recordAudit } from "../audit/recordAudit.ts";

/** What keeps an artist on record: Pix credited to them, and submissions approved or being written on-chain. */
async function workOf(db: Db | DbTransaction, id: number): Promise<{ pieces: number; kept: number }> {
  const [{ pieces } = { pieces: 0 }] = await db.select({ pieces: sql<number>`count(*)::integer` }).from(catalogue).where(eq(catalogue.artistId, id));
  const [{ kept } = { kept: 0 }] = await db
    .select({ kept: sql<number>`count(distinct ${submissions.id})::integer` })
    .from(submissions)
    .leftJoin(artReplacements, and(eq(artReplacements.submissionId, submissions.id), isNull(artReplacements.finishedAt)))
    .where(and(eq(submissions.artistId, id), or(eq(submissions.status, "approved"), sql`${artReplacements.id} is not null`)));
  return { pieces, kept };
}

const hasPieces = (name: string, { pieces, kept }: { pieces: number; kept: number }): CodedError =>
  new CodedError(
    `${name} is credited with ${pieces} Pix and ${kept} approved (or approving) submissions: reassign the Pix first; approved submissions stay on record`,
    { code: "artist_has_pieces", pieces, approvedSubmissions: kept },
  );

/**
 * Deletes an artist with its pending and rejected submissions (their conversations with them) and
 * ends impersonations of it. Refused (409 `artist_has_pieces`) while Pix are credited to the artist,
 * or a submission of theirs is approved or being written on-chain: those are the record of art on
 * the chain. The artist's submissions are locked before anything is counted, so an approve that
 * started on one of them has committed its replacement by then (and is counted), or waits and then
 * finds the submission gone; a foreign key that still refuses the delete is the same 409, never a 500.
 */
export async function deleteArtist(db: Db, admin: SessionUser, id: number): Promise<string> {
  try {
    return await db.transaction(async (tx) => {
      const [artist] = await tx.select({ name: artists.name }).from(artists).where(eq(artists.id, id)).for("update");
      if (!artist) throw notFound(`No artist ${id}`);
      await tx.select({ id: submissions.id }).from(submissions).where(eq(submissions.artistId, id)).for("update");
      // A new statement after the locks: it sees what an approve committed while we waited.
      const work = await workOf(tx, id);
      if (work.pieces > 0 || work.kept > 0) throw hasPieces(artist.name, work);
      await tx.delete(artists).where(eq(artists.id, id));
      await recordAudit(tx, admin, { action: "artist.delete", artistId: id, detail: artist.name });
      return artist.name;
    });
  } catch (error) {
    if (!hasPgErrorCode(error, PG_ERROR.foreignKeyViolation)) throw error;
    const [artist] = await db.select({ name: artists.name }).from(artists).where(eq(artists.id, id));
    throw hasPieces(artist?.name ?? `Artist ${id}`, await workOf(db, id));
  }
}
