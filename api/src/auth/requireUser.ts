import type { Request } from "express";
import type { ApiConfig } from "../config/readConfig.ts";
import type { Db } from "../db/openDatabase.ts";
import { unauthorized } from "../http/HttpError.ts";
import type { SessionUser } from "../users/sessionUser.ts";
import { getSessionUser } from "./getSessionUser.ts";
import { readSessionCookie } from "./sessionCookie.ts";

/** The request's signed-in user, or 401 `{ message: "Not signed in" }`. */
export async function requireUser(req: Request, db: Db, config: Pick<ApiConfig, "sessionSecret">): Promise<SessionUser> {
  const user = await getSessionUser(db, { cookieValue: readSessionCookie(req), secret: config.sessionSecret });
  if (!user) throw unauthorized("Not signed in");
  return user;
}
