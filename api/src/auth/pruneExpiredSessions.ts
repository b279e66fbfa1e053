import { lt, sql } from "drizzle-orm";
import type { Db } from "../db/openDatabase.ts";
import { sessions, siweNonces } from "../db/tables/accounts.ts";

/** Deletes expired sessions (their impersonations go with them) and expired sign-in nonces: nothing is kept past its use. */
export async function pruneExpiredSessions(db: Db): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`));
  await db.delete(siweNonces).where(lt(siweNonces.expiresAt, sql`now()`));
}
