import { and, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../db/openDatabase.ts";
import { artists, sessions, users, userWallets } from "../db/schema.ts";
import type { SessionUser } from "../users/sessionUser.ts";
import { readSessionToken, sessionIdOf } from "./sessionToken.ts";

export interface GetSessionUserParameters {
  /** The session cookie's value, if the request had one. */
  cookieValue: string | undefined;
  secret: string;
  now?: Date;
}

/**
 * The signed-in user of a session cookie with its wallets and roles (one query), or undefined
 * (no cookie, forged, unknown or expired).
 */
export async function getSessionUser(db: Db, { cookieValue, secret, now = new Date() }: GetSessionUserParameters): Promise<SessionUser | undefined> {
  const token = cookieValue ? readSessionToken(cookieValue, secret) : undefined;
  if (!token) return undefined;
  const [row] = await db
    .select({
      user: users,
      sessionId: sessions.id,
      walletAddress: sessions.walletAddress,
      linkingDismissed: sessions.linkingDismissed,
      linkedWallets: sql<
        string[]
      >`coalesce((select array_agg(${userWallets.address} order by ${userWallets.id}) from ${userWallets} where ${userWallets.userId} = ${users.id}), '{}')`,
      isArtist: sql<boolean>`exists (select 1 from ${artists} where ${artists.userId} = ${users.id})`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionIdOf(token)), gt(sessions.expiresAt, now)));
  if (!row) return undefined;
  const { user, ...session } = row;
  return { ...user, ...session };
}
