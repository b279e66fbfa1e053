import { sql, type SQL } from "drizzle-orm";
import { getAddress } from "viem";
import { z } from "zod";
import { sessionUserCall, sessionUserOfRow } from "../auth/getSessionUser.ts";
import { readSessionToken, sessionIdOf } from "../auth/sessionToken.ts";
import type { Db } from "../db/openDatabase.ts";
import { intArray, preparedSql } from "../db/preparedSql.ts";
import { countedInProcess, hitRateLimit, rateLimitKey, tooMany, upsertHit, type RateLimit } from "../http/rateLimit.ts";
import { liveHoldsAroundJson, LiveHoldsJson, type LiveHold } from "../sale/liveHoldsAround.ts";
import { sessionUserCacheOf } from "../sessions/watchSessionUsers.ts";
import type { SessionUser } from "../users/sessionUser.ts";

const Answer = z.object({
  pixlings_client_hits: z.number(),
  pixlings_client_left_ms: z.number(),
  pixlings_wallet_hits: z.number().nullable(),
  pixlings_wallet_left_ms: z.number().nullable(),
  pixlings_live_holds: LiveHoldsJson,
  session_id: z.string().nullable(),
});

/** Whether `signedInWalletHits` applies: the session is read from the database on every request, and both limits are counted there. */
export const sessionAndHitsInOneStatement = (db: Db, client: RateLimit, wallet: RateLimit): boolean =>
  sessionUserCacheOf(db) === undefined && !countedInProcess(db, client) && !countedInProcess(db, wallet);

export interface SignedInWallet {
  user: SessionUser | undefined;
  /** The live holds around the request (liveHoldsAround.ts) of the session's wallet, when `tokenIds` were given and it has one. */
  liveHolds?: LiveHold[];
}

const value = (name: string) => sql.placeholder(name);

/**
 * The statement of `signedInWalletHits` for these two limits, built once: its values are the
 * placeholders `sessionId`, `at` (ISO), `clientKey` (`rateLimitKey` of the client's hit) and
 * `tokenIds` (an `intArray`, or null: no holds read).
 */
export function signedInWalletStatement(client: RateLimit, wallet: RateLimit): SQL {
  // Only for a session with a wallet (the address is the session's).
  const tokenIds = sql`${value("tokenIds")}::integer[]`;
  const holds = sql`case when s_user.wallet_address is not null and ${tokenIds} is not null then ${liveHoldsAroundJson(sql`s_user.wallet_address`, tokenIds)} end`;
  return sql`with s_user as (${sessionUserCall(value("sessionId"), value("at"))}),
    client_hit as (${upsertHit(client, sql`${value("clientKey")}::text`, sql``)}),
    wallet_hit as (${upsertHit(wallet, sql`${`${wallet.name}:`}::text || s_user.wallet_address`, sql`from client_hit, s_user where client_hit.hits <= ${client.limit} and s_user.wallet_address is not null`)})
    select s_user.*, client_hit.hits as pixlings_client_hits, client_hit.left_ms as pixlings_client_left_ms,
      wallet_hit.hits as pixlings_wallet_hits, wallet_hit.left_ms as pixlings_wallet_left_ms, ${holds} as pixlings_live_holds
    from client_hit left join s_user on true left join wallet_hit on true`;
}

export interface SignedInWalletRequest {
  cookieValue: string | undefined;
  secret: string;
  /** The client's subject (`clientOf`). */
  client: string;
  tokenIds?: readonly number[] | undefined;
  now?: Date;
}

/**
 * The voucher route's session read, its two limit hits and the live holds around the request in
 * one statement, on a database whose session lookups and rate limits are read on every request
 * (Postgres, shared by every process): one round trip and one commit where there were three; the
 * statement is built once (preparedSql.ts). As the steps one after the other: one hit on the
 * client's limit; then, for a session with a wallet, one on the wallet's, only if the client's was
 * within its limit; the holds are only read. Each call throws 429 for the first limit passed; else
 * answers the session's user, if any.
 */
export function signedInWalletHits(db: Db, client: RateLimit, wallet: RateLimit): (p: SignedInWalletRequest) => Promise<SignedInWallet> {
  const statement = preparedSql(db, signedInWalletStatement(client, wallet));
  return async (p) => {
    const now = p.now ?? new Date();
    const token = p.cookieValue === undefined ? undefined : readSessionToken(p.cookieValue, p.secret);
    if (token === undefined) {
      // No session to read: the client's hit alone, as for an unknown session below.
      await hitRateLimit(db, client, p.client);
      return { user: undefined };
    }
    const [row] = await statement({
      sessionId: sessionIdOf(token),
      at: now.toISOString(),
      clientKey: rateLimitKey(client, p.client),
      tokenIds: p.tokenIds === undefined ? null : intArray(p.tokenIds),
    });
    const answer = Answer.parse(row);
    if (answer.pixlings_client_hits > client.limit) throw tooMany(client, answer.pixlings_client_left_ms);
    if (answer.pixlings_wallet_hits !== null && answer.pixlings_wallet_hits > wallet.limit) throw tooMany(wallet, answer.pixlings_wallet_left_ms ?? 0);
    if (answer.session_id === null) return { user: undefined };
    const user = sessionUserOfRow(row, now);
    // The holds were read by the stored address: they are the voucher's recipient's only when it is checksummed, as vouchers name it.
    const checksummed = user.walletAddress !== null && getAddress(user.walletAddress) === user.walletAddress;
    return p.tokenIds === undefined || !checksummed ? { user } : { user, liveHolds: answer.pixlings_live_holds };
  };
}
