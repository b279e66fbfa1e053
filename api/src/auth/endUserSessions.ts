import { eq } from "drizzle-orm";
import type { Db, DbTransaction } from "../db/openDatabase.ts";
import { sessions } from "../db/tables/accounts.ts";

/**
 * Ends every session of a user (every browser is signed out at its next request, on every API
 * process: sessions are read on each one). Answers how many ended.
 */
export async function endUserSessions(db: Db | DbTransaction, userId: number): Promise<number> {
  const ended = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  return ended.length;
}
