import { eq } from "drizzle-orm";
import type { Db } from "../db/openDatabase.ts";
import { sessions } from "../db/tables/accounts.ts";
import { readSessionToken, sessionIdOf } from "./sessionToken.ts";

/** Ends the session of a cookie (if it is one of ours); a no-op otherwise. */
export async function deleteSession(db: Db, { cookieValue, secret }: { cookieValue: string | undefined; secret: string }): Promise<void> {
  const token = cookieValue ? readSessionToken(cookieValue, secret) : undefined;
  if (token) await db.delete(sessions).where(eq(sessions.id, sessionIdOf(token)));
}
