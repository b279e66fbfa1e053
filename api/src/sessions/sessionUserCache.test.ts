import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { type SessionLookup, SessionUserCache } from "./sessionUserCache.ts";

const SECRET = "secret";
const NOW = new Date("2026-11-26T12:00:00Z");
const later = (ms: number): Date => new Date(NOW.getTime() + ms);

function lookup(userId: number, overrides: Partial<SessionLookup> = {}, email = `u${userId}@example.test`): SessionLookup {
  return {
    user: {
      id: userId,
      googleIssuer: null,
      googleSub: null,
      email,
      firstName: null,
      username: null,
      pictureUrl: null,
      createdAt: NOW,
      deletedAt: null,
      sessionId: `session-of-${userId}`,
      walletAddress: null,
      linkingDismissed: false,
      signedInWith: "google",
      signedInAt: NOW,
      linkedWallets: [],
      isArtist: false,
      isAdminEmail: false,
    },
    expiresAt: later(3_600_000),
    rolesUntil: null,
    ...overrides,
  };
}

const put = (cache: SessionUserCache, cookie: string, value: SessionLookup): void => cache.set(cookie, SECRET, value, cache.epoch);
const has = (cache: SessionUserCache, cookie: string, at = NOW): boolean => cache.get(cookie, SECRET, at) !== undefined;

describe("SessionUserCache", () => {
  it("never holds more than its byte bound, however many sessions, dropping the least recently used", () => {
    const cache = new SessionUserCache(20_000);
    put(cache, "first", lookup(1));
    const oneEntry = cache.bytes;
    assert.ok(oneEntry > 400 && oneEntry < 2_000, `an entry is about ${oneEntry} bytes`);
    for (let i = 2; i < 5_000; i++) {
      put(cache, `cookie-${i}`, lookup(i, {}, `${"x".repeat(i % 300)}@example.test`));
      if (i === 3) assert.ok(has(cache, "first"), "first is now the most recently used");
      assert.ok(cache.bytes <= 20_000, `${cache.bytes} bytes after ${i} sessions`);
    }
    assert.ok(cache.size > 5 && cache.size < 40);
    assert.equal(has(cache, "first"), false);
    assert.ok(has(cache, "cookie-4999"));
    assert.equal(cache.indexed, cache.size, "evicted sessions leave the per-user index");
  });

  it("keeps nothing larger than its bound", () => {
    const cache = new SessionUserCache(1_000);
    put(cache, "huge", lookup(1, {}, "y".repeat(2_000)));
    assert.deepEqual([cache.size, cache.bytes, has(cache, "huge")], [0, 0, false]);
  });

  it("drops a user's sessions on that user's change, and every session on `*`", () => {
    const cache = new SessionUserCache();
    put(cache, "a1", lookup(1));
    put(cache, "a2", lookup(1));
    put(cache, "b", lookup(2));
    cache.invalidate("1");
    assert.deepEqual([has(cache, "a1"), has(cache, "a2"), has(cache, "b")], [false, false, true]);
    put(cache, "a1", lookup(1));
    cache.invalidate("*");
    assert.deepEqual([has(cache, "a1"), has(cache, "b"), cache.size, cache.bytes], [false, false, 0, 0]);
    put(cache, "c", lookup(3));
    cache.invalidate("not a user id");
    assert.equal(has(cache, "c"), false, "an unknown payload drops everything");
  });

  it("forgets a user's evicted sessions: a later change of that user touches only what is there", () => {
    const cache = new SessionUserCache(3_000);
    put(cache, "old", lookup(1));
    for (let i = 0; i < 20; i++) put(cache, `other-${i}`, lookup(2));
    assert.equal(has(cache, "old"), false);
    assert.equal(cache.indexed, cache.size);
    put(cache, "new", lookup(1));
    cache.invalidate("1");
    assert.equal(has(cache, "new"), false);
    assert.ok(cache.size > 0, "user 2's sessions stay");
    assert.equal(cache.indexed, cache.size);
  });

  it("does not keep a lookup that began before an invalidation", () => {
    const cache = new SessionUserCache();
    const epoch = cache.epoch;
    cache.invalidate("7");
    cache.set("stale", SECRET, lookup(1), epoch);
    assert.equal(has(cache, "stale"), false, "a change of another user counts too: the lookup may predate it");
    cache.set("fresh", SECRET, lookup(1), cache.epoch);
    assert.equal(has(cache, "fresh"), true);
  });

  it("answers only for the secret the cookie was checked with", () => {
    const cache = new SessionUserCache();
    put(cache, "cookie", lookup(1));
    assert.equal(cache.get("cookie", "another secret", NOW), undefined);
    assert.ok(has(cache, "cookie"));
  });

  it("stops answering at the session's expiry and when a role list may lapse", () => {
    const cache = new SessionUserCache();
    put(cache, "expiring", lookup(1, { expiresAt: later(1_000) }));
    put(cache, "roles", lookup(2, { rolesUntil: later(500) }));
    assert.deepEqual([has(cache, "expiring", later(999)), has(cache, "roles", later(499))], [true, true]);
    assert.deepEqual([has(cache, "roles", later(500)), has(cache, "expiring", later(1_000))], [false, false]);
    assert.deepEqual([has(cache, "roles"), has(cache, "expiring"), cache.size], [false, false, 0], "dropped, not just hidden");
  });
});
