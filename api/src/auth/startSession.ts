import type { Request, Response } from "express";
import type { ApiConfig } from "../config/readConfig.ts";
import type { Db } from "../db/openDatabase.ts";
import type { SessionUser } from "../users/sessionUser.ts";
import { createSession, type SignInBy } from "./createSession.ts";
import { deleteSession } from "./deleteSession.ts";
import { getSessionUser } from "./getSessionUser.ts";
import { readSessionCookie, setSessionCookie } from "./sessionCookie.ts";

type SessionConfig = Pick<ApiConfig, "sessionSecret" | "sessionTtlSeconds" | "secureCookies">;

/**
 * Signs a user in: a new session every sign-in (no fixation; the request's old session, if any,
 * ends here), its cookie set on `res`. Returns the session's user.
 */
export async function startSession(
  db: Db,
  config: SessionConfig,
  { req, res, userId, signIn }: { req: Request; res: Response; userId: number; signIn: SignInBy },
): Promise<SessionUser> {
  await deleteSession(db, { cookieValue: readSessionCookie(req), secret: config.sessionSecret });
  const { cookieValue } = await createSession(db, { userId, signIn, secret: config.sessionSecret, ttlSeconds: config.sessionTtlSeconds });
  setSessionCookie(res, config, cookieValue, config.sessionTtlSeconds);
  const user = await getSessionUser(db, { cookieValue, secret: config.sessionSecret });
  if (!user) throw new Error("the session just created is missing");
  return user;
}
