import { eq } from "drizzle-orm";
import type { Db, DbTransaction } from "../db/openDatabase.ts";
import { freemintCards } from "../db/tables/freemintCards.ts";
import { HttpError } from "../http/HttpError.ts";
import { UnknownFreemintCode } from "./failedGuesses.ts";

type Card = typeof freemintCards.$inferSelect;

/** The card with this code if it can be redeemed now, with its free slots; else a 4xx saying why. */
export async function checkFreemintCard(
  db: Db | DbTransaction,
  code: string,
  p: { lock?: boolean; now?: Date } = {},
): Promise<{ card: Card; freeSlots: number }> {
  const query = db.select().from(freemintCards).where(eq(freemintCards.code, code));
  const [card] = p.lock ? await query.for("update") : await query;
  if (!card) throw new UnknownFreemintCode();
  if (!card.isActive) throw new HttpError(403, "This freemint card is not active");
  if (card.expiresAt && card.expiresAt.getTime() <= (p.now ?? new Date()).getTime()) {
    throw new HttpError(410, `This freemint card expired on ${card.expiresAt.toISOString().slice(0, 10)}`);
  }
  const freeSlots = card.totalSlots - card.usedSlots;
  if (freeSlots <= 0) throw new HttpError(410, "This freemint card has been fully redeemed");
  return { card, freeSlots };
}
