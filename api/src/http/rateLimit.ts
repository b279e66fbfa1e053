import type { Request, RequestHandler } from "express";
import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/openDatabase.ts";
import { transactionsSerialized } from "../db/oneConnection.ts";
import { rowsOf } from "../db/rowsOf.ts";
import { rateLimits } from "../db/tables/rateLimits.ts";
import { clientKeyOf } from "./clientKey.ts";
import { HttpError } from "./HttpError.ts";
import { ProcessRateCounts } from "./processRateCounts.ts";

/** At most `limit` hits per `windowMs` for one subject (an address, a client). */
export interface RateLimit {
  /** Names the limit in its database key. */
  name: string;
  limit: number;
  windowMs: number;
  /**
   * Counted in this process when the database is only this process's (PGlite): for limits nothing
   * else reads or adjusts in the `rate_limits` table (freemint's failed guesses do).
   */
  inProcessWhenAlone?: boolean;
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

const processCounts = new WeakMap<Db, ProcessRateCounts>();

/** The in-process counters for `rule` on a database only this process opens (PGlite), else undefined. */
function processCountsOf(db: Db, rule: RateLimit): ProcessRateCounts | undefined {
  if (!rule.inProcessWhenAlone || !transactionsSerialized(db)) return undefined;
  let counts = processCounts.get(db);
  if (!counts) processCounts.set(db, (counts = new ProcessRateCounts()));
  return counts;
}

/** Whether `rule`'s hits on `db` are counted in this process (no statement). */
export const countedInProcess = (db: Db, rule: RateLimit): boolean => processCountsOf(db, rule) !== undefined;

/**
 * Counts a hit of `subject` against `rule` in the database (so every API process shares the
 * count, by the database's clock), or throws 429 `{ message, retryAfter }` past the limit. A rule
 * `inProcessWhenAlone` on a database only this process opens (PGlite) is counted in this process:
 * the same count without a statement.
 */
export async function hitRateLimit(db: Db, rule: RateLimit, subject: string): Promise<void> {
  const counts = processCountsOf(db, rule);
  if (counts) {
    const counted = counts.hit(rateLimitKey(rule, subject), rule.windowMs);
    if (counted.hits > rule.limit) throw tooMany(rule, counted.leftMs);
    return;
  }
  let hit = hits.get(db);
  if (!hit) hits.set(db, (hit = preparedHit(db)));
  const [row] = await hit.execute({ key: rateLimitKey(rule, subject), windowSeconds: rule.windowMs / 1000 });
  if (!row || row.hits <= rule.limit) return;
  throw tooMany(rule, row.leftMs);
}

/** 429 with the seconds until the window that started `leftMs` ago (a negative number) ends. */
export function tooMany(rule: RateLimit, leftMs: number): HttpError {
  const retryAfter = Math.max(1, Math.ceil((leftMs + rule.windowMs) / 1000));
  return new HttpError(429, `Too many requests: try again in ${retryAfter} s`, { retryAfter });
}

/** One hit of `subject` against `rule`. */
export interface RateLimitHit {
  rule: RateLimit;
  subject: string;
}

/** A hit's key in the `rate_limits` table: the limit's name and the subject. */
export const rateLimitKey = (rule: RateLimit, subject: string): string => `${rule.name}:${subject}`;

/**
 * The upsert of one hit, its new value and the window's age (`hits`, `left_ms`); `from` selects
 * whether it runs at all. `key` is `rateLimitKey`'s, or an expression of `from`'s columns that gives it.
 */
export function upsertHit(rule: RateLimit, key: string | SQL, from: SQL): SQL {
  const expired = sql`${rateLimits.windowStart} <= now() - make_interval(secs => ${rule.windowMs / 1000})`;
  return sql`insert into ${rateLimits} (key, window_start, hits) select ${key}, now(), 1 ${from}
    on conflict (key) do update set
      window_start = case when ${expired} then now() else ${rateLimits.windowStart} end,
      hits = case when ${expired} then 1 else ${rateLimits.hits} + 1 end
    returning hits, (extract(epoch from (window_start - now())) * 1000)::float8 as left_ms`;
}

const HitRows = z.array(z.object({ turn: z.number(), hits: z.number(), left_ms: z.number() }));

/**
 * `hitRateLimit` for `first`, then for `second` only if `first` was within its limit, as one
 * statement (a voucher's client and address limits: one round trip and one commit instead of two).
 * Throws 429 for the first limit passed. The two keys must differ (two limit names).
 */
export async function hitRateLimitsInTurn(db: Db, first: RateLimitHit, second: RateLimitHit): Promise<void> {
  if (processCountsOf(db, first.rule) && processCountsOf(db, second.rule)) {
    await hitRateLimit(db, first.rule, first.subject);
    await hitRateLimit(db, second.rule, second.subject);
    return;
  }
  const result = await db.execute(sql`with first as (${upsertHit(first.rule, rateLimitKey(first.rule, first.subject), sql``)}),
    second as (${upsertHit(second.rule, rateLimitKey(second.rule, second.subject), sql`from first where first.hits <= ${first.rule.limit}`)})
    select 1 as turn, hits, left_ms from first union all select 2 as turn, hits, left_ms from second`);
  for (const row of HitRows.parse(rowsOf(result)).sort((a, b) => a.turn - b.turn)) {
    const { rule } = row.turn === 1 ? first : second;
    if (row.hits > rule.limit) throw tooMany(rule, row.left_ms);
  }
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
