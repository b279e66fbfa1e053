import { sql, type Placeholder, type SQL } from "drizzle-orm";
import { z } from "zod";
import { ADMIN_SIGN_IN_MAX_AGE_HOURS } from "@pixlings/shared/http/auth";
import type { Db } from "../db/openDatabase.ts";
import type { SessionUser } from "../users/sessionUser.ts";
import type { SessionLookup } from "../sessions/sessionUserCache.ts";
import { readSessionToken, sessionIdOf } from "./sessionToken.ts";
import { sessionUserCacheOf } from "../sessions/watchSessionUsers.ts";
import { preparedSql, type PreparedSql } from "../db/preparedSql.ts";

export interface GetSessionUserParameters {
  /** The session cookie's value, if the request had one. */
  cookieValue: string | undefined;
  secret: string;
  now?: Date;
}

/** A timestamptz as either driver hands it over: Postgres' text (drizzle keeps it a string) or a Date. */
const timestamp = z.union([z.string(), z.date()]).transform((value, ctx): Date => {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) ctx.addIssue({ code: "custom", message: `not a timestamp: ${String(value)}` });
  return date;
});

/** A row of pixlings_session_user (migration `session_cache`), as a lookup the cache may keep. */
const SessionUserRow = z
  .object({
    id: z.number().int(),
    google_issuer: z.string().nullable(),
    google_sub: z.string().nullable(),
    email: z.string().nullable(),
    first_name: z.string().nullable(),
    username: z.string().nullable(),
    picture_url: z.string().nullable(),
    created_at: timestamp,
    deleted_at: timestamp.nullable(),
    session_id: z.string(),
    wallet_address: z.string().nullable(),
    linking_dismissed: z.boolean(),
    signed_in_with: z.enum(["google", "wallet"]),
    signed_in_at: timestamp,
    expires_at: timestamp,
    linked_wallets: z.array(z.string()),
    is_artist: z.boolean(),
    admin_email: z.boolean(),
    roles_until: timestamp.nullable(),
  })
  .transform(
    (row): SessionLookup => ({
      user: Object.freeze({
        id: row.id,
        googleIssuer: row.google_issuer,
        googleSub: row.google_sub,
        email: row.email,
        firstName: row.first_name,
        username: row.username,
        pictureUrl: row.picture_url,
        createdAt: row.created_at,
        deletedAt: row.deleted_at,
        sessionId: row.session_id,
        walletAddress: row.wallet_address,
        linkingDismissed: row.linking_dismissed,
        signedInWith: row.signed_in_with,
        signedInAt: row.signed_in_at,
        linkedWallets: Object.freeze(row.linked_wallets) as string[],
        isArtist: row.is_artist,
        isAdminEmail: row.admin_email,
      }),
      expiresAt: row.expires_at,
      rolesUntil: row.roles_until,
    }),
  );

/** How long a Google sign-in carries admin. */
const ADMIN_SIGN_IN_MAX_AGE_MS = ADMIN_SIGN_IN_MAX_AGE_HOURS * 3_600_000;

/** The user of a lookup at `now`: admin only for an admin email on a Google sign-in of at most ADMIN_SIGN_IN_MAX_AGE_HOURS. */
const userAt = ({ user }: SessionLookup, now: Date): SessionUser => ({
  ...user,
  isAdmin: user.isAdminEmail && user.signedInWith === "google" && user.signedInAt.getTime() > now.getTime() - ADMIN_SIGN_IN_MAX_AGE_MS,
});

/**
 * The call that reads a session's lookup row (none for an unknown, expired or deleted one), for a
 * statement of its own or a bigger one. `limit 1` tells the planner what the function returns (it
 * estimates 1,000 rows for a set-returning function): joined in a bigger statement, that estimate
 * took its cost past Postgres' `jit_above_cost`, and every execution spent 2 s compiling.
 */
export const sessionUserCall = (sessionId: string | Placeholder, at: string | Placeholder): SQL =>
  sql`select * from pixlings_session_user(${sessionId}::text, ${at}::timestamptz) limit 1`;

/** `sessionUserCall` built once per database (preparedSql.ts). */
const sessionUserCalls = new WeakMap<Db, PreparedSql>();

/** The user of a row `sessionUserCall` returned, at `now`. */
export const sessionUserOfRow = (row: unknown, now: Date): SessionUser => userAt(SessionUserRow.parse(row), now);

/**
 * The signed-in user of a session cookie with its wallets and roles, or undefined (no cookie,
 * forged, unknown or expired, or a deleted account). One call of a database function, unless the
 * database keeps this process told of every change to what it reads (watchSessionUsers.ts): then
 * its answer is kept until such a change, the session's expiry or a role list's lapse. Either way a
 * signed-out session, a deleted user or a role taken away stops at once on every process.
 */
export async function getSessionUser(db: Db, { cookieValue, secret, now = new Date() }: GetSessionUserParameters): Promise<SessionUser | undefined> {
  if (!cookieValue) return undefined;
  const cache = sessionUserCacheOf(db);
  const cached = cache?.get(cookieValue, secret, now);
  if (cached) return userAt(cached, now);
  const token = readSessionToken(cookieValue, secret);
  if (!token) return undefined;
  const epoch = cache?.epoch ?? 0;
  let call = sessionUserCalls.get(db);
  if (!call) sessionUserCalls.set(db, (call = preparedSql(db, sessionUserCall(sql.placeholder("sessionId"), sql.placeholder("at")))));
  const [row] = await call({ sessionId: sessionIdOf(token), at: now.toISOString() });
  if (row === undefined) return undefined;
  const lookup = SessionUserRow.parse(row);
  cache?.set(cookieValue, secret, lookup, epoch);
  return userAt(lookup, now);
}
