import type { RequestHandler, Response } from "express";
import { eq } from "drizzle-orm";
import type { ApiConfig } from "../config/readConfig.ts";
import type { Db } from "../db/openDatabase.ts";
import { submissions } from "../db/tables/submissions.ts";
import { requireUser } from "../auth/requireUser.ts";
import { findActingArtist } from "../impersonation/actingArtist.ts";
import { CodedError, HttpError, notFound } from "../http/HttpError.ts";
import { positiveIntString } from "../http/schemas.ts";
import type { SessionUser } from "../users/sessionUser.ts";
import type { SubmissionRow } from "./submissionViews.ts";

/** Who is looking at a submission: an admin (impersonating or not: admins speak as admins), or its own artist. */
export interface SubmissionAccess {
  submission: SubmissionRow;
  user: SessionUser;
  as: "admin" | "artist";
  /** The name a message of theirs carries. */
  senderName: string | null;
}

/**
 * Middleware of the routes under /api/submissions/{id}: admins, and the approved artist who owns
 * the submission (an admin impersonating an artist counts as the admin). 401 signed out, 403 for
 * an account that is neither artist nor admin (403 `artist_pending` for an unapproved artist), 404
 * for an unknown id or another artist's submission. The access is `submissionAccessOf(res)` after it.
 */
export function submissionAccess({ db, config }: { db: Db; config: Pick<ApiConfig, "sessionSecret"> }): RequestHandler {
  return async (req, res, next) => {
    const user = await requireUser(req, db, config);
    const id = positiveIntString("id").safeParse(req.params.id);
    if (!id.success) throw new HttpError(400, "Invalid request params.id: must be a whole number");
    const acting = user.isAdmin ? undefined : await findActingArtist(db, user);
    if (!user.isAdmin && !acting) throw new HttpError(403, "Only the submission's artist and admins may see it");
    if (acting && !acting.artist.isApproved)
      throw new CodedError("Your artist account is pending approval: an admin will review it soon", { code: "artist_pending" });
    const [submission] = await db.select().from(submissions).where(eq(submissions.id, id.data));
    if (!submission || (acting && submission.artistId !== acting.artist.id)) throw notFound(`No submission ${id.data}${acting ? " of yours" : ""}`);
    const access: SubmissionAccess = acting
      ? { submission, user, as: "artist", senderName: acting.artist.name }
      : { submission, user, as: "admin", senderName: user.firstName ?? user.email };
    res.locals.submissionAccess = access;
    next();
  };
}

export function submissionAccessOf(res: Response): SubmissionAccess {
  const access = res.locals.submissionAccess as SubmissionAccess | undefined;
  if (!access) throw new Error("submissionAccess did not run before this handler");
  return access;
}
