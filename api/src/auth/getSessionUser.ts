import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/openDatabase.ts";
import type { SessionUser } from "../users/sessionUser.ts";
import { readSessionToken, sessionIdOf } from "./sessionToken.ts";

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

/** A row of pixlings_session_user (migration 0005), as the API's SessionUser. */
const SessionUserRow = z
  .object({
    id: z.number().int(),
    google_issuer: z.string().nullable(),
    google_sub: z.string().nullable(),
    email: z.string().nullable(),
    first_name: z.string().nullable(),
    username: z.string().nullable(),
    picture_url: z.string().nullable(),
    is_admin: z.boolean(),
    created_at: timestamp,
    session_id: z.string(),
    wallet_address: z.string().nullable(),
    linking_dismissed: z.boolean(),
    linked_wallets: z.array(z.string()),
    is_artist: z.boolean(),
  })
  .transform(
    (row): SessionUser => ({
      id: row.id,
      googleIssuer: row.google_issuer,
      googleSub: row.google_sub,
      email: row.email,
      firstName: row.first_name,
      username: row.username,
      pictureUrl: row.picture_url,
      isAdmin: row.is_admin,
      createdAt: row.created_at,
      sessionId: row.session_id,
      walletAddress: row.wallet_address,
      linkingDismissed: row.linking_dismissed,
      linkedWallets: row.linked_wallets,
      isArtist: row.is_artist,
    }),
  );

/** The rows of `db.execute`: PGlite answers `{ rows }`, postgres.js the rows themselves. */
const rowsOf = (result: unknown): unknown[] => (Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? []));

/**
 * The signed-in user of a session cookie with its wallets and roles, or undefined (no cookie,
 * forged, unknown or expired). One call of a database function whose plan the connection keeps:
 * every request still reads the session, so a signed-out or deleted session stops at once on
 * every process.
 */
export async function getSessionUser(db: Db, { cookieValue, secret, now = new Date() }: GetSessionUserParameters): Promise<SessionUser | undefined> {
  const token = cookieValue ? readSessionToken(cookieValue, secret) : undefined;
  if (!token) return undefined;
  const result = await db.execute(sql`select * from pixlings_session_user(${sessionIdOf(token)}, ${now.toISOString()})`);
  const [row] = rowsOf(result);
  return row === undefined ? undefined : SessionUserRow.parse(row);
}
