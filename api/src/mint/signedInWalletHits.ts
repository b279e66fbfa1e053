import { sql } from "drizzle-orm";
import { z } from "zod";
import { sessionUserCall, sessionUserOfRow } from "../auth/getSessionUser.ts";
import { readSessionToken, sessionIdOf } from "../auth/sessionToken.ts";
import type { Db } from "../db/openDatabase.ts";
import { rowsOf } from "../db/rowsOf.ts";
import { countedInProcess, hitRateLimit, rateLimitKey, tooMany, upsertHit, type RateLimit, type RateLimitHit } from "../http/rateLimit.ts";
import { sessionUserCacheOf } from "../sessions/watchSessionUsers.ts";
import type { SessionUser } from "../users/sessionUser.ts";

const Hits = z.object({
  pixlings_client_hits: z.number(),
  pixlings_client_left_ms: z.number(),
  pixlings_wallet_hits: z.number().nullable(),
  pixlings_wallet_left_ms: z.number().nullable(),
  session_id: z.string().nullable(),
});

/** Whether `signedInWalletHits` applies: the session is read from the database on every request, and both limits are counted there. */
export const sessionAndHitsInOneStatement = (db: Db, client: RateLimit, wallet: RateLimit): boolean =>
  sessionUserCacheOf(db) === undefined && !countedInProcess(db, client) && !countedInProcess(db, wallet);

/**
 * The voucher route's session read and its two limit hits in one statement, on a database whose
 * session lookups and rate limits are read on every request (Postgres, shared by every process): one
 * round trip and one commit where there were two. As the steps one after the other: one hit on the
 * client's limit; then, for a session with a wallet, one on the wallet's, only if the client's was
 * within its limit. Throws 429 for the first limit passed; else the session's user, if any.
 */
export async function signedInWalletHits(
  db: Db,
  p: { cookieValue: string | undefined; secret: string; client: RateLimitHit; wallet: RateLimit; now?: Date },
): Promise<SessionUser | undefined> {
  const now = p.now ?? new Date();
  const { client, wallet } = p;
  const token = p.cookieValue === undefined ? undefined : readSessionToken(p.cookieValue, p.secret);
  if (token === undefined) {
    // No session to read: the client's hit alone, as for an unknown session below.
    await hitRateLimit(db, client.rule, client.subject);
    return undefined;
  }
  const session = sessionUserCall(sessionIdOf(token), now);
  const result = await db.execute(sql`with s_user as (${session}),
    client_hit as (${upsertHit(client.rule, rateLimitKey(client.rule, client.subject), sql``)}),
    wallet_hit as (${upsertHit(wallet, sql`${`${wallet.name}:`} || s_user.wallet_address`, sql`from client_hit, s_user where client_hit.hits <= ${client.rule.limit} and s_user.wallet_address is not null`)})
    select s_user.*, client_hit.hits as pixlings_client_hits, client_hit.left_ms as pixlings_client_left_ms,
      wallet_hit.hits as pixlings_wallet_hits, wallet_hit.left_ms as pixlings_wallet_left_ms
    from client_hit left join s_user on true left join wallet_hit on true`);
  const [row] = rowsOf(result);
  const hits = Hits.parse(row);
  if (hits.pixlings_client_hits > client.rule.limit) throw tooMany(client.rule, hits.pixlings_client_left_ms);
  if (hits.pixlings_wallet_hits !== null && hits.pixlings_wallet_hits > wallet.limit) throw tooMany(wallet, hits.pixlings_wallet_left_ms ?? 0);
  return hits.session_id === null ? undefined : sessionUserOfRow(row, now);
}
