import { and, eq, gt } from "drizzle-orm";
import type { Db } from "../db/openDatabase.ts";
import { sessions, users } from "../db/schema.ts";
import type { User } from "../users/findOrCreateWalletUser.ts";
import { readSessionToken, sessionIdOf } from "./sessionToken.ts";

export interface GetSessionUserParameters {
  /** The session cookie's value, if the request had one. */
  cookieValue: string | undefined;
  secret: string;
  now?: Date;
}

/** The signed-in user of a session cookie, or undefined (no cookie, forged, unknown or expired). */
export async function getSessionUser(db: Db, { cookieValue, secret, now = new Date() }: GetSessionUserParameters): Promise<User | undefined> {
  const token = cookieValue ? readSessionToken(cookieValue, secret) : undefined;
  if (!token) return undefined;
  const [row] = await db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionIdOf(token)), gt(sessions.expiresAt, now)));
  return row?.user;
}
