// Roles read live on every request: two API processes' apps on one database (PGlite), people signed
// in for real with Google (the local stand-in) and Ethereum. A removed email loses its role on every
// live session as soon as one process runs without it; admin needs a Google sign-in of at most
// 12 hours; a wallet sign-in never carries admin.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { eq, sql } from "drizzle-orm";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import type { User } from "@pixlings/shared/http/auth";
import { READY_ACCOUNTS } from "@pixlings/local-google/accounts";
import type { LocalGoogle } from "@pixlings/local-google/startLocalGoogle";
import { type cookieFetch, startTestApi, type TestApi } from "@pixlings/test-kit/api";
import { googleSignIn, startTestLocalGoogle } from "@pixlings/test-kit/localGoogle";
import { signIn, siweProof } from "@pixlings/test-kit/signIn";
import { createApp } from "../app.ts";
import type { ApiConfig } from "../config/readConfig.ts";
import { artists } from "../db/tables/catalogue.ts";
import { roleLists, sessions } from "../db/tables/accounts.ts";
import { openIndexerReader } from "../indexer/openIndexerReader.ts";
import { createLogger } from "../logging/createLogger.ts";
import { listen } from "../server.ts";
import { publishRoleLists, ROLE_LISTS_TTL_SECONDS } from "./roleLists.ts";

const SITE = "http://pixlings.test:5173";
const ADMIN = READY_ACCOUNTS.admin.email;
const ARTIST = READY_ACCOUNTS.artist.email;
type Jar = ReturnType<typeof cookieFetch>;

describe("roles, read live from every API process's lists", () => {
  let google: LocalGoogle;
  let api: TestApi;
  let admin: Jar;
  let artist: Jar;

  /** Another API process on the same database, with other lists (its own app, server and role lists). */
  async function otherProcess(lists: Pick<ApiConfig, "adminEmails" | "artistEmails">): Promise<{ close(): Promise<void> }> {
    const config: ApiConfig = { ...api.config, ...lists, port: 0 };
    const indexer = openIndexerReader(config);
    const app = createApp(config, { database: api.database, logger: createLogger(config), indexer: indexer.reader });
    const server = await listen(app, config);
    return {
      close: async () => {
        await server.close();
        await indexer.close();
      },
    };
  }
  const me = async (jar: Jar): Promise<User> => (await (await jar.fetch("/api/auth/user")).json()) as User;
  const adminStatus = async (jar: Jar): Promise<number> => (await jar.fetch("/api/admin/freemint-cards")).status;
  const artistStatus = async (jar: Jar): Promise<number> => (await jar.fetch("/api/artists/current")).status;

  before(async () => {
    const local = await startTestLocalGoogle(SITE);
    google = local.google;
    api = await startTestApi(
      {
        ...local.env,
        SIWE_DOMAIN: "pixlings.test:5173",
        SIWE_URI: SITE,
        SIWE_CHAIN_IDS: "31337",
        INDEXER_URL: "http://127.0.0.1:1",
        ADMIN_EMAILS: ADMIN,
        ARTIST_EMAILS: `${ARTIST}:lumen`,
      },
      { seedCatalogue: false },
    );
    await api.database.db.insert(artists).values({ id: 901, slug: "lumen", name: "Lumen", email: "lumen@studio.pixlings.test", isApproved: true });
    admin = (await googleSignIn(api.url, { account: "admin" })).jar;
    artist = (await googleSignIn(api.url, { account: "artist" })).jar;
  });
  after(async () => {
    await api?.close();
    await google?.close();
  });

  it("gives the roles of the lists while every live process grants them", async () => {
    assert.deepEqual([(await me(admin)).isAdmin, await adminStatus(admin)], [true, 200]);
    assert.deepEqual([(await me(artist)).isArtist, await artistStatus(artist)], [true, 200]);
  });

  it("takes a removed email's role from every live session at once when another process starts without it, and gives it back when that one stops", async () => {
    const other = await otherProcess({ adminEmails: new Set(["someone@else.test"]), artistEmails: [] });
    try {
      // The sessions' own process still lists both: no wait, no new sign-in.
      assert.deepEqual([(await me(admin)).isAdmin, (await me(admin)).adminSignInRequired, await adminStatus(admin)], [false, false, 403]);
      assert.deepEqual([(await me(artist)).isArtist, await artistStatus(artist)], [false, 403]);
      // A new sign-in changes nothing.
      const again = (await googleSignIn(api.url, { account: "admin" })).jar;
      assert.equal(await adminStatus(again), 403);
    } finally {
      await other.close();
    }
    // Stopped cleanly, its lists are withdrawn.
    assert.equal(await adminStatus(admin), 200);
    assert.equal(await artistStatus(artist), 200);
  });

  it("counts a process that stopped refreshing for at most ROLE_LISTS_TTL_SECONDS", async () => {
    const db = api.database.db;
    // As a process killed without withdrawing its lists leaves them: a row it no longer refreshes.
    const killed = publishRoleLists({ db, config: { adminEmails: new Set(), artistEmails: [] }, logger: createLogger(api.config) });
    await killed.ready;
    try {
      assert.equal(await adminStatus(admin), 403);
      const [row] = await db
        .select({ leftMs: sql<number>`extract(epoch from (${roleLists.liveUntil} - now())) * 1000`.mapWith(Number) })
        .from(roleLists)
        .where(eq(roleLists.processId, killed.processId));
      assert.ok(row && row.leftMs > 0 && row.leftMs <= ROLE_LISTS_TTL_SECONDS * 1000, `counts for ${row?.leftMs} ms more`);
      // Its time runs out (set here rather than waited for).
      await db.update(roleLists).set({ liveUntil: sql`now()` }).where(eq(roleLists.processId, killed.processId));
      assert.equal(await adminStatus(admin), 200);
    } finally {
      await killed.stop();
    }
  });

  it("refreshes a process's lists while it runs, and withdraws them when it stops", async () => {
    const db = api.database.db;
    const lists = publishRoleLists({ db, config: { adminEmails: new Set([ADMIN]), artistEmails: [] }, logger: createLogger(api.config), refreshMs: 20 });
    await lists.ready;
    const liveUntil = async () => (await db.select().from(roleLists).where(eq(roleLists.processId, lists.processId)))[0]?.liveUntil;
    const first = await liveUntil();
    await db.delete(roleLists).where(eq(roleLists.processId, lists.processId));
    for (let tries = 0; (await liveUntil()) === undefined; tries++) {
      assert.ok(tries < 200, "not published again");
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    assert.ok(first && (await liveUntil())! >= first);
    await lists.stop();
    assert.equal(await liveUntil(), undefined);
  });

  it("gives admin only to a Google sign-in of at most 12 hours", async () => {
    const session = (await googleSignIn(api.url, { account: "admin" })).jar;
    const [row] = await api.database.db.select({ id: sessions.id }).from(sessions).where(sql`${sessions.createdAt} = (select max(created_at) from sessions)`);
    const signedInAgo = async (ms: number) => {
      await api.database.db
        .update(sessions)
        .set({ createdAt: new Date(Date.now() - ms) })
        .where(eq(sessions.id, row!.id));
    };
    await signedInAgo(12 * 3_600_000 - 60_000);
    assert.equal(await adminStatus(session), 200);
    await signedInAgo(12 * 3_600_000 + 1_000);
    assert.equal(await adminStatus(session), 403);
    const user = await me(session);
    assert.deepEqual([user.isAdmin, user.adminSignInRequired], [false, true]);
    const refused = (await (await session.fetch("/api/admin/freemint-cards")).json()) as { message: string };
    assert.match(refused.message, /sign in with Google again/);
  });

  it("never gives admin to a wallet sign-in, even of a wallet linked to the admin's account", async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const linked = await admin.fetch("/api/link-wallet", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ walletAddress: wallet.address, ...(await siweProof(admin, wallet, api.config.siwe)) }),
    });
    assert.equal(linked.status, 200);
    const viaWallet = await signIn(api, wallet);
    const user = await me(viaWallet);
    assert.deepEqual([user.email, user.isAdmin, user.adminSignInRequired], [ADMIN, false, true]);
    for (const path of ["/api/admin/freemint-cards", "/api/admin/artists", "/api/admin/audit-log", "/api/admin/users?search=admin"]) {
      assert.equal((await viaWallet.fetch(path)).status, 403, path);
    }
    assert.equal((await viaWallet.fetch("/api/admin/artist-login/901", { method: "POST" })).status, 403);
  });
});
