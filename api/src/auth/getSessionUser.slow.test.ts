// getSessionUser on both API databases (PGlite, and a Postgres server: hence slow): the right user
// with its wallets and roles, nothing for a forged, expired, signed-out or deleted session, and
// no answer kept from one call to the next. Roles from the live role lists; admin only on a recent
// Google sign-in.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { eq } from "drizzle-orm";
import { describeOnApiDatabases } from "@pixlings/test-kit/apiDatabase";
import { skipPostgres, startPostgres, type TestPostgres } from "@pixlings/test-kit/postgres";
import { openDatabase, type Database } from "../db/openDatabase.ts";
import { claimArtistProfiles } from "../users/claimArtistProfiles.ts";
import { artists } from "../db/tables/catalogue.ts";
import { roleLists, sessions, users, userWallets } from "../db/tables/accounts.ts";
import { createSession } from "./createSession.ts";
import { deleteSession } from "./deleteSession.ts";
import { getSessionUser } from "./getSessionUser.ts";
import { createSessionToken } from "./sessionToken.ts";

const SECRET = "get-session-user-test-secret-0123456789abcdef";
const HOUR = 3_600;
let serial = 0;
const address = (n: number): string => `0x${n.toString(16).padStart(40, "0")}`;

describeOnApiDatabases("getSessionUser", (database) => {
  async function newUser(values: Partial<typeof users.$inferInsert> = {}): Promise<typeof users.$inferSelect> {
    const n = ++serial;
    const [user] = await database()
      .db.insert(users)
      .values({ googleIssuer: "https://issuer.test", googleSub: `sub-${n}`, email: `u${n}@example.test`, firstName: `U${n}`, ...values })
      .returning();
    return user!;
  }
  const session = async (userId: number, walletAddress: string | null = null, ttlSeconds = HOUR, now?: Date): Promise<string> =>
    (
      await createSession(database().db, {
        userId,
        signIn: walletAddress === null ? { with: "google" } : { with: "wallet", address: walletAddress },
        secret: SECRET,
        ttlSeconds,
        ...(now ? { now } : {}),
      })
    ).cookieValue;
  /** A live API process's role lists, as `publishRoleLists` writes them. */
  const publish = async (processId: string, grants: string[], liveForSeconds = HOUR): Promise<void> => {
    await database()
      .db.insert(roleLists)
      .values({ processId, grants, liveUntil: new Date(Date.now() + liveForSeconds * 1000) })
      .onConflictDoUpdate({ target: roleLists.processId, set: { grants, liveUntil: new Date(Date.now() + liveForSeconds * 1000) } });
  };
  const lookup = (cookieValue: string | undefined, now?: Date) => getSessionUser(database().db, { cookieValue, secret: SECRET, ...(now ? { now } : {}) });

  it("answers the session's user with its wallets (oldest first), roles and session fields", async () => {
    const db = database().db;
    const user = await newUser({ username: "ada", pictureUrl: "https://pictures.test/ada.png" });
    await publish("main", [`admin:${user.email}`]);
    const [w1, w2] = [address(1_000 + serial), address(2_000 + serial)];
    await db.insert(userWallets).values({ userId: user.id, address: w2 });
    await db.insert(userWallets).values({ userId: user.id, address: w1 });
    await db.insert(artists).values({ id: 9_000 + serial, slug: `artist-${serial}`, name: "Ada", email: user.email, userId: user.id });
    const cookie = await session(user.id, w1);
    const [row] = await db.select().from(sessions).where(eq(sessions.userId, user.id));
    await db.update(sessions).set({ linkingDismissed: true }).where(eq(sessions.id, row!.id));

    assert.deepEqual(await lookup(cookie), {
      ...user,
      sessionId: row!.id,
      walletAddress: w1,
      linkingDismissed: true,
      signedInWith: "wallet",
      signedInAt: row!.createdAt,
      linkedWallets: [w2, w1],
      isArtist: true,
      // An admin's email, but a wallet sign-in: no admin on this session.
      isAdminEmail: true,
      isAdmin: false,
    });
  });

  it("makes admin only a Google sign-in of at most 12 hours by an email every live process lists", async () => {
    const db = database().db;
    const user = await newUser();
    const at = new Date();
    const hour = 3_600_000;
    const google = await session(user.id, null, 24 * HOUR, at);
    const roles = async (cookie: string, now = at) => {
      const found = await lookup(cookie, now);
      return [found?.isAdminEmail, found?.isAdmin];
    };
    await db.delete(roleLists);
    assert.deepEqual(await roles(google), [false, false], "no live process: no admin");
    await publish("a", [`admin:${user.email}`, "admin:someone@else.test"]);
    assert.deepEqual(await roles(google), [true, true]);
    assert.deepEqual(await roles(google, new Date(at.getTime() + 12 * hour - 1)), [true, true], "just under 12 h");
    assert.deepEqual(await roles(google, new Date(at.getTime() + 12 * hour)), [true, false], "12 h after the sign-in");
    assert.deepEqual(await roles(await session(user.id, address(5_000 + serial))), [true, false], "a wallet sign-in of the same account");
    await publish("b", ["admin:someone@else.test"]);
    assert.deepEqual(await roles(google), [false, false], "a live process without the email");
    await publish("b", ["admin:someone@else.test"], -1);
    assert.deepEqual(await roles(google), [true, true], "that process is no longer live");
    await db.update(users).set({ email: null }).where(eq(users.id, user.id));
    assert.deepEqual(await roles(google), [false, false], "no verified email");
    await db.delete(roleLists);
  });

  it("counts an artist profile only while its email or ARTIST_EMAILS of every live process grants it", async () => {
    const db = database().db;
    const user = await newUser();
    const slug = `granted-${serial}`;
    await db.insert(artists).values({ id: 9_500 + serial, slug, name: "Granted", email: "studio@artists.test", userId: user.id });
    const cookie = await session(user.id);
    const isArtist = async () => (await lookup(cookie))?.isArtist;
    await db.delete(roleLists);
    assert.equal(await isArtist(), false, "linked, but nothing grants it");
    await publish("a", [`artist:${user.email}:${slug}`]);
    assert.equal(await isArtist(), true);
    await publish("b", [`artist:${user.email}:*`]);
    assert.equal(await isArtist(), true, "`*` grants every profile");
    await publish("c", []);
    assert.equal(await isArtist(), false, "one live process without it");
    await db.update(artists).set({ email: user.email }).where(eq(artists.slug, slug));
    assert.equal(await isArtist(), true, "the profile's own email");
    await db.delete(roleLists);
  });

  it("answers a user without wallets, Google or roles with empty and null fields", async () => {
    const user = await newUser({ googleIssuer: null, googleSub: null, email: null, firstName: null });
    const found = await lookup(await session(user.id));
    assert.deepEqual(found && [found.id, found.linkedWallets, found.isArtist, found.isAdmin, found.walletAddress, found.googleSub], [
      user.id,
      [],
      false,
      false,
      null,
      null,
    ]);
    assert.ok(found?.createdAt instanceof Date && found.createdAt.getTime() === user.createdAt.getTime());
  });

  it("links a granted artist profile at sign-in: a free one, or one whose holder's grant is gone, never one its holder still may act as", async () => {
    const db = database().db;
    const [first, second] = [await newUser(), await newUser()];
    const slug = `claimed-${serial}`;
    const holderOf = async () => (await db.select({ userId: artists.userId }).from(artists).where(eq(artists.slug, slug)))[0]?.userId;
    await db.insert(artists).values({ id: 9_700 + serial, slug, name: "Claimed", email: "claimed@artists.test" });
    await db.delete(roleLists);
    await publish("a", [`artist:${first.email}:${slug}`]);
    await claimArtistProfiles(db, second);
    assert.equal(await holderOf(), null, "not granted to the second");
    await claimArtistProfiles(db, first);
    assert.equal(await holderOf(), first.id);
    await publish("a", [`artist:${first.email}:${slug}`, `artist:${second.email}:*`]);
    await claimArtistProfiles(db, second);
    assert.equal(await holderOf(), first.id, "its holder still may act as it");
    await publish("a", [`artist:${second.email}:*`]);
    await claimArtistProfiles(db, second);
    assert.equal(await holderOf(), second.id, "the holder's grant is gone");
    await db.delete(roleLists);
  });

  it("answers nothing for no cookie, a forged or foreign-signed cookie, or a token with no session", async () => {
    const cookie = await session((await newUser()).id);
    const [token] = cookie.split(".");
    for (const bad of [undefined, "", token, `${token}.`, `${token}.AAAA`, `${token}x.${cookie.split(".")[1]}`, "'; drop table sessions; --", `.${token}`]) {
      assert.equal(await lookup(bad), undefined, String(bad));
    }
    assert.equal(await getSessionUser(database().db, { cookieValue: cookie, secret: `${SECRET}-other` }), undefined);
    assert.equal(await lookup(createSessionToken(SECRET).cookieValue), undefined, "well signed, never stored");
  });

  it("answers nothing from the session's expiry on", async () => {
    const cookie = await session((await newUser()).id, null, 60);
    const [row] = await database()
      .db.select()
      .from(sessions)
      .where(eq(sessions.id, (await lookup(cookie))!.sessionId));
    const expiresAt = row!.expiresAt.getTime();
    assert.ok(await lookup(cookie, new Date(expiresAt - 1)));
    assert.equal(await lookup(cookie, new Date(expiresAt)), undefined);
    assert.equal(await lookup(cookie, new Date(expiresAt + 1)), undefined);
  });

  it("keeps nothing between calls: sign-out, a deleted user and a new wallet show on the very next lookup", async () => {
    const db = database().db;
    const user = await newUser();
    const cookie = await session(user.id);
    const other = await session(user.id);
    assert.deepEqual((await lookup(cookie))?.linkedWallets, []);
    await db.insert(userWallets).values({ userId: user.id, address: address(3_000 + serial) });
    assert.deepEqual((await lookup(cookie))?.linkedWallets, [address(3_000 + serial)]);
    await deleteSession(db, { cookieValue: cookie, secret: SECRET });
    assert.equal(await lookup(cookie), undefined, "signed out");
    assert.equal((await lookup(other))?.id, user.id, "another session of the same user lives on");
    await db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, user.id));
    assert.equal(await lookup(other), undefined, "the account is deleted");
    await db.update(users).set({ deletedAt: null }).where(eq(users.id, user.id));
    assert.equal((await lookup(other))?.id, user.id);
    await db.delete(users).where(eq(users.id, user.id));
    assert.equal(await lookup(other), undefined, "the user is gone");
  });

  it("answers each of many concurrent lookups with its own user", async () => {
    const people = await Promise.all(Array.from({ length: 12 }, () => newUser()));
    const cookies = await Promise.all(people.map((p) => session(p.id)));
    const asked = Array.from({ length: 120 }, (_, i) => i % people.length);
    const found = await Promise.all(asked.map((i) => lookup(cookies[i])));
    assert.deepEqual(
      found.map((f) => f?.id),
      asked.map((i) => people[i]!.id),
    );
  });
});

describe("getSessionUser with two API processes' connections on one Postgres", { skip: skipPostgres() && "PIXLINGS_SKIP_POSTGRES=1" }, () => {
  let pg: TestPostgres;
  let here: Database;
  let there: Database;
  before(async () => {
    pg = await startPostgres();
    here = await openDatabase({ databaseUrl: pg.url });
    there = await openDatabase({ databaseUrl: pg.url });
  });
  after(async () => {
    await here?.close();
    await there?.close();
    await pg?.stop();
  });

  it("a sign-out through one stops the session on the other at once, however warm its lookups", async () => {
    const [user] = await here.db.insert(users).values({ email: "two@example.test" }).returning();
    const { cookieValue } = await createSession(here.db, { userId: user!.id, signIn: { with: "google" }, secret: SECRET, ttlSeconds: HOUR });
    // More lookups than Postgres needs to settle on a cached generic plan, on every pooled connection.
    const lookups = await Promise.all(Array.from({ length: 40 }, () => getSessionUser(here.db, { cookieValue, secret: SECRET })));
    assert.ok(lookups.every((found) => found?.id === user!.id));
    await deleteSession(there.db, { cookieValue, secret: SECRET });
    const after = await Promise.all(Array.from({ length: 40 }, () => getSessionUser(here.db, { cookieValue, secret: SECRET })));
    assert.ok(after.every((found) => found === undefined));
  });
});
