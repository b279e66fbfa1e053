import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/openDatabase.ts";
import { rateLimits } from "../db/tables/rateLimits.ts";
import { HttpError } from "../http/HttpError.ts";
import { hitRateLimit, type RateLimit } from "../http/rateLimit.ts";

/** A code no freemint card has: the one answer that is a failed guess. */
export class UnknownFreemintCode extends HttpError {
  constructor() {
    super(404, "No freemint card has this code: check it and try again");
  }
}

const WINDOW_MS = 3_600_000;
const SUBJECT = "all";

/** The site-wide limit: at most `perHour` unknown codes an hour, across every client, user and API process. */
export const failedGuessesRule = (perHour: number): RateLimit => ({ name: "freemint-failed-global", limit: perHour, windowMs: WINDOW_MS });

async function giveBack(db: Db, rule: RateLimit): Promise<void> {
  await db
    .update(rateLimits)
    .set({ hits: sql`greatest(${rateLimits.hits} - 1, 0)` })
    .where(eq(rateLimits.key, `${rule.name}:${SUBJECT}`));
}

/**
 * Runs a lookup of a code under the site-wide limit on failed guesses (in the database: every
 * process shares it). Each lookup takes a place first, atomically, so racing guesses cannot
 * overshoot the limit; a lookup that finds the code (usable or not) gives its place back, and only
 * an unknown code keeps it. Past the limit every lookup answers 429 until the hour's window ends:
 * with codes of 79 bits, the guesses this leaves cannot find even an old 8-character code.
 */
export async function underFailedGuessLimit<T>(db: Db, rule: RateLimit, lookup: () => Promise<T>): Promise<T> {
  try {
    await hitRateLimit(db, rule, SUBJECT);
  } catch (error) {
    await giveBack(db, rule);
    if (!(error instanceof HttpError) || error.status !== 429) throw error;
    const retryAfter = "retryAfter" in error.details && typeof error.details.retryAfter === "number" ? error.details.retryAfter : Math.ceil(WINDOW_MS / 1000);
    throw new HttpError(429, `Too many wrong freemint codes were tried on this site lately: try again in ${Math.ceil(retryAfter / 60)} min`, {
      retryAfter,
    });
  }
  try {
    const result = await lookup();
    await giveBack(db, rule);
    return result;
  } catch (error) {
    if (!(error instanceof UnknownFreemintCode)) await giveBack(db, rule);
    throw error;
  }
}
