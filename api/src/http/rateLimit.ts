import type { Request, RequestHandler } from "express";
import { sql } from "drizzle-orm";
import type { Db } from "../db/openDatabase.ts";
import { rateLimits } from "../db/tables/rateLimits.ts";
import { clientKeyOf } from "./clientKey.ts";
import { HttpError } from "./HttpError.ts";

/** At most `limit` hits per `windowMs` for one subject (an address, a client). */
export interface RateLimit {
  /** Names the limit in its database key. */
  name: string;
  limit: number;
  windowMs: number;
}

/** The upsert of one hit, built once per database (drizzle would otherwise rebuild its SQL on every request). */
function preparedHit(db: Db) {
  const expired = sql`${rateLimits.windowStart} <= now() - make_interval(secs => ${sql.placeholder("windowSeconds")})`;
  return db
    .insert(rateLimits)
    .values({ key: sql.placeholder("key"), windowStart: sql`now()`, hits: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        windowStart: sql`case when ${expired} then now() else ${rateLimits.windowStart} end`,
        hits: sql`case when ${expired} then 1 else ${rateLimits.hits} + 1 end`,
      },
    })
    .returning({ hits: rateLimits.hits, leftMs: sql<number>`extract(epoch from (${rateLimits.windowStart} - now())) * 1000`.mapWith(Number) })
    .prepare("rate_limit_hit");
}

const hits = new WeakMap<Db, ReturnType<typeof preparedHit>>();

/**
 * Counts a hit of `subject` against `rule` in the database (so every API process shares the
 * count, by the database's clock), or throws 429 `{ message, retryAfter }` past the limit.
 */
export async function hitRateLimit(db: Db, rule: RateLimit, subject: string): Promise<void> {
  let hit = hits.get(db);
  if (!hit) hits.set(db, (hit = preparedHit(db)));
  const [row] = await hit.execute({ key: `${rule.name}:${subject}`, windowSeconds: rule.windowMs / 1000 });
  if (!row || row.hits <= rule.limit) return;
  const retryAfter = Math.max(1, Math.ceil((row.leftMs + rule.windowMs) / 1000));
  throw new HttpError(429, `Too many requests: try again in ${retryAfter} s`, { retryAfter });
}

/** Deletes counters whose window ended long ago (they would restart at 1 anyway). */
export async function pruneRateLimits(db: Db, olderThanMs = 3_600_000): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.windowStart} < now() - make_interval(secs => ${olderThanMs / 1000})`);
}

/** The client a request comes from (IP, IPv6 by /64), for limits and caps per client. */
export const clientOf = (req: Request): string => clientKeyOf(req.ip ?? req.socket.remoteAddress);

/** Middleware: one hit per request against `rule` for the request's client. */
export function limitByClient(db: Db, rule: RateLimit): RequestHandler {
  return async (req, _res, next) => {
    await hitRateLimit(db, rule, clientOf(req));
    next();
  };
}
