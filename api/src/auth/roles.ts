import type { RequestHandler, Response } from "express";
import { ADMIN_SIGN_IN_MAX_AGE_HOURS } from "@pixlings/shared/http/auth";
import type { ApiConfig } from "../config/readConfig.ts";
import type { Db } from "../db/openDatabase.ts";
import { HttpError } from "../http/HttpError.ts";
import type { SessionUser } from "../users/sessionUser.ts";
import { requireUser } from "./requireUser.ts";

interface RoleDeps {
  db: Db;
  config: Pick<ApiConfig, "sessionSecret">;
}

/** Who may call a route: every route states one (the role table test lists them all). */
export type Role = "anyone" | "user" | "admin" | "artist";

/** The user a role middleware let through. */
export function userOf(res: Response): SessionUser {
  const user = res.locals.user as SessionUser | undefined;
  if (!user) throw new Error("no role middleware ran before this handler");
  return user;
}

/** Middleware: any signed-in user (401 otherwise); the user is `userOf(res)` after it. */
export function signedInOnly({ db, config }: RoleDeps): RequestHandler {
  return async (req, res, next) => {
    res.locals.user = await requireUser(req, db, config);
    next();
  };
}

/** Why a signed-in user is refused the admin routes. */
function notAdminMessage(user: SessionUser): string {
  if (!user.isAdminEmail) return "Admins only: sign in with an admin account";
  return `Admins only: sign in with Google again (admin needs a Google sign-in within the last ${ADMIN_SIGN_IN_MAX_AGE_HOURS} hours; a wallet sign-in never carries it)`;
}

/**
 * Middleware: admins only (401 signed out, 403 signed in without the role). Admin is read on
 * every request: an admin email of every live API process, on a Google sign-in of at most
 * ADMIN_SIGN_IN_MAX_AGE_HOURS (`getSessionUser`).
 */
export function adminOnly({ db, config }: RoleDeps): RequestHandler {
  return async (req, res, next) => {
    const user = await requireUser(req, db, config);
    if (!user.isAdmin) throw new HttpError(403, notAdminMessage(user));
    res.locals.user = user;
    next();
  };
}

/** Middleware: artists only (401 signed out, 403 signed in without an artist profile). */
export function artistOnly({ db, config }: RoleDeps): RequestHandler {
  return async (req, res, next) => {
    const user = await requireUser(req, db, config);
    if (!user.isArtist) throw new HttpError(403, "Artists only: sign in with an artist account");
    res.locals.user = user;
    next();
  };
}
