import { BoundedCache } from "../cache/boundedCache.ts";
import type { SessionUser } from "../users/sessionUser.ts";

/** A session lookup as the database answered it: the user without the admin decision (made per request), and until when it holds by the clock. */
export interface SessionLookup {
  user: Readonly<Omit<SessionUser, "isAdmin">>;
  /** The session's expiry: from then on the session is gone. */
  expiresAt: Date;
  /** The first live role list to lapse (the roles may change then); null when none is live. */
  rolesUntil: Date | null;
}

interface Entry {
  cookie: string;
  lookup: SessionLookup;
  /** The session secret the cookie was checked with: a cookie is only ever good for its own. */
  secret: string;
}

/** Room for about 10,000 signed-in sessions. */
export const SESSION_CACHE_DEFAULT_BYTES = 8 * 1024 * 1024;
/** What an entry costs besides its strings (the objects, the map slots, the user index). */
const ENTRY_OVERHEAD_BYTES = 400;

/** An estimate of an entry's bytes: two per character of its strings, plus the objects holding them. */
function entryBytes({ cookie, lookup: { user } }: Entry): number {
  let chars = cookie.length + user.sessionId.length;
  for (const text of [
    user.googleIssuer,
    user.googleSub,
    user.email,
    user.firstName,
    user.username,
    user.pictureUrl,
    user.walletAddress,
    ...user.linkedWallets,
  ]) {
    chars += text?.length ?? 0;
  }
  return ENTRY_OVERHEAD_BYTES + 2 * chars;
}

/**
 * The answers of `pixlings_session_user` by cookie, for a database that tells this process of every
 * change to what they read before the change's writer goes on (PGlite's in-process notifications,
 * raised by the triggers of migration `session_cache`): `invalidate` drops a user's answers, or all of them
 * (`*`: roles). An answer also stops at its session's expiry and when its roles may lapse. At most
 * `maxBytes` (estimated), least recently used out first.
 */
export class SessionUserCache {
  readonly #entries: BoundedCache<Entry>;
  /** The cookies cached for each user, to drop them when the user changes. */
  readonly #byUser = new Map<number, Set<string>>();
  #epoch = 0;

  constructor(maxBytes: number = SESSION_CACHE_DEFAULT_BYTES) {
    this.#entries = new BoundedCache<Entry>({ maxEntries: Number.MAX_SAFE_INTEGER, maxSize: maxBytes }, entryBytes, (cookie, entry) =>
      this.#unindex(entry.lookup.user.id, cookie),
    );
  }

  /** Moves on at every invalidation: a lookup that began before one may not be kept (`set`). */
  get epoch(): number {
    return this.#epoch;
  }

  get size(): number {
    return this.#entries.size;
  }

  get bytes(): number {
    return this.#entries.totalSize;
  }

  /** The sessions the per-user index names: always `size` (an evicted session leaves the index too). */
  get indexed(): number {
    let count = 0;
    for (const cookies of this.#byUser.values()) count += cookies.size;
    return count;
  }

  /** The cached lookup of `cookie`, if it was checked with `secret` and still holds at `now`. */
  get(cookie: string, secret: string, now: Date): SessionLookup | undefined {
    const entry = this.#entries.get(cookie);
    if (!entry || entry.secret !== secret) return undefined;
    const { lookup } = entry;
    if (lookup.expiresAt <= now || (lookup.rolesUntil !== null && lookup.rolesUntil <= now)) {
      this.#drop(cookie, lookup.user.id);
      return undefined;
    }
    return lookup;
  }

  /** Keeps a lookup made from `epoch` on, unless something changed meanwhile (it may predate that change). */
  set(cookie: string, secret: string, lookup: SessionLookup, epoch: number): void {
    if (epoch !== this.#epoch) return;
    const previous = this.#entries.get(cookie);
    if (previous) this.#drop(cookie, previous.lookup.user.id);
    const entry: Entry = { cookie, lookup, secret };
    this.#entries.set(cookie, entry);
    if (this.#entries.get(cookie) !== entry) return;
    let cookies = this.#byUser.get(lookup.user.id);
    if (!cookies) this.#byUser.set(lookup.user.id, (cookies = new Set()));
    cookies.add(cookie);
  }

  /** A change to what a lookup reads: `*`, or the id of the user it concerns (the triggers' payload). */
  invalidate(payload: string): void {
    this.#epoch++;
    const userId = Number(payload);
    // `*`, or a payload the triggers never send: everything goes rather than a guess.
    if (payload === "*" || !Number.isSafeInteger(userId)) {
      this.#entries.clear();
      this.#byUser.clear();
      return;
    }
    for (const cookie of this.#byUser.get(userId) ?? []) this.#entries.delete(cookie);
    this.#byUser.delete(userId);
  }

  #drop(cookie: string, userId: number): void {
    this.#entries.delete(cookie);
    this.#unindex(userId, cookie);
  }

  #unindex(userId: number, cookie: string): void {
    const cookies = this.#byUser.get(userId);
    cookies?.delete(cookie);
    if (cookies?.size === 0) this.#byUser.delete(userId);
  }
}
