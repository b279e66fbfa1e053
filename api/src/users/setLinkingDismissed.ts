import { eq } from "drizzle-orm";
import type { Db } from "../db/openDatabase.ts";
import { sessions } from "../db/tables/accounts.ts";

/** "Maybe Later" on the link prompt: remembered for this session only. */
export async function setLinkingDismissed(db: Db, sessionId: string): Promise<void> {
  await db.update(sessions).set({ linkingDismissed: true }).where(eq(sessions.id, sessionId));
}
