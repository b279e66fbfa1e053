import { and, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../db/openDatabase.ts";
import { artists } from "../db/tables/catalogue.ts";

/** Whether the user with `email` may act as an artist profile now (SQL, migration 0011). */
export const artistGranted = (email: string) => sql`pixlings_artist_granted(${email}, ${artists.email}, ${artists.slug})`;

/**
 * Links to `user` the artist profiles its verified email is granted now (the profile's own email,
 * or ARTIST_EMAILS naming the profile for it, as every live API process publishes them) that no
 * one else may act as: free ones, and ones whose holder's grant is gone. Runs at each sign-in and
 * at refresh-admin; whether a link still counts is read again on every request.
 */
export async function claimArtistProfiles(db: Db, user: { id: number; email: string | null }): Promise<void> {
  if (user.email === null) return;
  const holderStillGranted = sql`exists (
    select 1 from users h
    where h.id = ${artists.userId} and h.deleted_at is null and pixlings_artist_granted(h.email, ${artists.email}, ${artists.slug})
  )`;
  await db
    .update(artists)
    .set({ userId: user.id })
    .where(and(artistGranted(user.email), or(isNull(artists.userId), sql`not ${holderStillGranted}`)));
}
