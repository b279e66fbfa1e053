import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../db/openDatabase.ts";
import { siweNonces } from "../db/tables/accounts.ts";
import { unauthorized } from "../http/HttpError.ts";

/** Why a nonce cannot be used, or undefined when it is live. */
async function checkNonce(db: Db, nonce: string, now: Date = new Date()): Promise<string | undefined> {
  const [row] = await db.select().from(siweNonces).where(eq(siweNonces.nonce, nonce));
  if (!row) return "Unknown nonce: request a new one from /api/auth/nonce";
  if (row.usedAt) return "Nonce already used: request a new one from /api/auth/nonce";
  if (row.expiresAt <= now) return "Nonce expired: request a new one from /api/auth/nonce";
  return undefined;
}

/**
 * Marks a live nonce used, atomically: of two requests racing with one nonce only one wins.
 * Throws 401 `{ message }` when the nonce is unknown, used or expired.
 */
export async function consumeNonce(db: Db, nonce: string, now: Date = new Date()): Promise<void> {
  const used = await db
    .update(siweNonces)
    .set({ usedAt: now })
    .where(and(eq(siweNonces.nonce, nonce), isNull(siweNonces.usedAt), gt(siweNonces.expiresAt, now)))
    .returning({ nonce: siweNonces.nonce });
  if (used.length === 1) return;
  throw unauthorized((await checkNonce(db, nonce, now)) ?? "Nonce already used");
}
