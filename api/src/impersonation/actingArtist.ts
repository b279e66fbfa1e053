import type { RequestHandler, Response } from "express";
import { and, asc, eq, gt, isNull } from "drizzle-orm";
import type { ApiConfig } from "../config/readConfig.ts";
import type { Db } from "../db/openDatabase.ts";
import { artistImpersonations } from "../db/tables/adminAudit.ts";
import { artists } from "../db/tables/catalogue.ts";
import { IMPERSONATION_MAX_MS } from "./toImpersonation.ts";
import { requireUser } from "../auth/requireUser.ts";
import { CodedError, HttpError } from "../http/HttpError.ts";
import { artistGranted } from "../users/claimArtistProfiles.ts";
import type { SessionUser } from "../users/sessionUser.ts";

export type ArtistRow = typeof artists.$inferSelect;

/** Who the artist routes act for, and on whose behalf. */
export interface ActingArtist {
  artist: ArtistRow;
  /** The session's user: the artist's own account, or the admin impersonating it. */
  user: SessionUser;
  /** Set while an admin impersonates the artist: everything done counts as the admin's. */
  impersonation: { id: number; startedAt: Date } | null;
}

/**
 * The artist the session acts as: the artist an admin impersonates on this session
 * (POST /api/admin/artist-login/{id}, for at most IMPERSONATION_MAX_MINUTES), else the lowest-id
 * artist profile linked to the user that its email is still granted (`artistGranted`); undefined
 * when neither.
 */
export async function findActingArtist(db: Db, user: SessionUser, now: Date = new Date()): Promise<ActingArtist | undefined> {
  if (user.isAdmin) {
    const [row] = await db
      .select({ artist: artists, id: artistImpersonations.id, startedAt: artistImpersonations.startedAt })
      .from(artistImpersonations)
      .innerJoin(artists, eq(artists.id, artistImpersonations.artistId))
      .where(
        and(
          eq(artistImpersonations.sessionId, user.sessionId),
          isNull(artistImpersonations.endedAt),
          gt(artistImpersonations.startedAt, new Date(now.getTime() - IMPERSONATION_MAX_MS)),
        ),
      )
      .limit(1);
    if (row) return { artist: row.artist, user, impersonation: { id: row.id, startedAt: row.startedAt } };
  }
  if (user.email === null) return undefined;
  const [own] = await db
    .select()
    .from(artists)
    .where(and(eq(artists.userId, user.id), artistGranted(user.email)))
    .orderBy(asc(artists.id))
    .limit(1);
  return own ? { artist: own, user, impersonation: null } : undefined;
}

/**
 * Middleware of the artist routes: 401 signed out, 403 without an artist profile (or an admin not
 * impersonating one), and with `approvedOnly` 403 `artist_pending` for a profile not yet approved.
 * The acting artist is `actingArtistOf(res)` after it.
 */
export function artistArea({ db, config }: { db: Db; config: Pick<ApiConfig, "sessionSecret"> }, { approvedOnly }: { approvedOnly: boolean }): RequestHandler {
  return async (req, res, next) => {
    const user = await requireUser(req, db, config);
    const acting = await findActingArtist(db, user);
    if (!acting) throw new HttpError(403, "Artists only: sign in with an artist account");
    if (approvedOnly && !acting.artist.isApproved) {
      throw new CodedError("Your artist account is pending approval: an admin will review it soon", { code: "artist_pending" });
    }
    res.locals.actingArtist = acting;
    next();
  };
}

export function actingArtistOf(res: Response): ActingArtist {
  const acting = res.locals.actingArtist as ActingArtist | undefined;
  if (!acting) throw new Error("artistArea did not run before this handler");
  return acting;
}
