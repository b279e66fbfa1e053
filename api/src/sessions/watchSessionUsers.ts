import { SessionUserCache } from "./sessionUserCache.ts";

/** The channel the triggers of migration `session_cache` announce changes to session lookups on. */
const SESSION_USERS_CHANNEL = "pixlings_session_users";

/** Subscribes to a channel; the database must deliver each notification before its writer's statement (or commit) returns. */
export type ListenInProcess = (channel: string, onPayload: (payload: string) => void) => Promise<unknown>;

/** By database handle (a drizzle instance; any object here: openDatabase.ts imports this file). */
const caches = new WeakMap<object, SessionUserCache>();

/**
 * Caches `db`'s session lookups (getSessionUser.ts), once it listens to every change they read.
 * Only for a database whose notifications reach this process before the change's writer goes on:
 * PGlite, which only this process can open. A database other processes write (Postgres) is asked
 * on every request instead, so a sign-out there holds at once on every process.
 */
export async function watchSessionUsers(db: object, listen: ListenInProcess, maxBytes?: number): Promise<void> {
  const cache = new SessionUserCache(maxBytes);
  await listen(SESSION_USERS_CHANNEL, (payload) => cache.invalidate(payload));
  caches.set(db, cache);
}

/** The session lookup cache of `db`, when it has one. */
export const sessionUserCacheOf = (db: object): SessionUserCache | undefined => caches.get(db);
