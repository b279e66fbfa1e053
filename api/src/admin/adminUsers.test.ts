// The admin's accounts routes: finding an account (email, wallet, id; typed wildcards are literal)
// and ending every session of one, on record in the audit log.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { eq } from "drizzle-orm";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import type { AdminUser, AuditEntry, EndUserSessionsResponse } from "@pixlings/shared/http/admin";
import { googleSessionJar } from "@pixlings/test-kit/adminSession";
import { type cookieFetch, startTestApi, type TestApi } from "@pixlings/test-kit/api";
import { signIn } from "@pixlings/test-kit/signIn";
import { users, userWallets } from "../db/tables/accounts.ts";

const ADMIN = "accounts-admin@example.test";
type Jar = ReturnType<typeof cookieFetch>;

describe("accounts in the admin area", () => {
  let api: TestApi;
  let admin: Jar;
  const wallet = privateKeyToAccount(generatePrivateKey());
  let walletUser = 0;

  before(async () => {
    api = await startTestApi({ ADMIN_EMAILS: ADMIN, INDEXER_URL: "http://127.0.0.1:1" }, { seedCatalogue: false });
    admin = await googleSessionJar(api, ADMIN);
    await signIn(api, wallet);
    walletUser = (await api.database.db.select().from(userWallets).where(eq(userWallets.address, wallet.address)))[0]!.userId;
  });
  after(() => api?.close());

  const search = async (text: string): Promise<AdminUser[]> => {
    const res = await admin.fetch(`/api/admin/users?search=${encodeURIComponent(text)}`);
    assert.equal(res.status, 200, await res.clone().text());
    return (await res.json()) as AdminUser[];
  };

  it("finds accounts by part of an email, a wallet in any case, or a number; a % or _ typed is literal", async () => {
    const mallory = await googleSessionJar(api, "mallory_99@example.test");
    await googleSessionJar(api, "mallory199@example.test");
    assert.deepEqual(
      (await search("MALLORY")).map((u) => u.email),
      ["mallory199@example.test", "mallory_99@example.test"],
    );
    assert.deepEqual(
      (await search("mallory_")).map((u) => u.email),
      ["mallory_99@example.test"],
    );
    assert.deepEqual(await search("%%"), []);
    const [byWallet] = await search(wallet.address.toLowerCase());
    assert.deepEqual([byWallet?.id, byWallet?.wallets], [walletUser, [wallet.address]]);
    assert.equal((await search(String(walletUser)))[0]?.id, walletUser);
    const [me] = await search(ADMIN);
    assert.deepEqual([me?.adminEmail, me?.liveSessions], [true, 1]);
    assert.equal((await admin.fetch("/api/admin/users?search=")).status, 400);
    assert.equal((await admin.fetch("/api/admin/users")).status, 400);
    assert.equal((await mallory.fetch("/api/admin/users?search=mallory")).status, 403);
  });

  it("ends every session of an account, no one else's, and records it", async () => {
    const target = "lost-phone@example.test";
    const one = await googleSessionJar(api, target);
    const two = await googleSessionJar(api, target);
    const bystander = await googleSessionJar(api, "bystander@example.test");
    const [found] = await search("lost-phone");
    assert.equal(found?.liveSessions, 2);
    const res = await admin.fetch(`/api/admin/users/${found!.id}/sessions`, { method: "DELETE" });
    assert.equal(res.status, 200);
    assert.deepEqual((await res.json()) as EndUserSessionsResponse, { message: `Signed ${target} out everywhere: 2 sessions ended`, ended: 2 });
    for (const jar of [one, two]) assert.equal((await jar.fetch("/api/auth/user")).status, 401);
    assert.equal((await bystander.fetch("/api/auth/user")).status, 200);
    const [entry] = (await (await admin.fetch("/api/admin/audit-log")).json()) as AuditEntry[];
    assert.deepEqual([entry?.action, entry?.admin, entry?.detail], ["user.sessions.end", ADMIN, `${target}: 2 sessions ended`]);
    assert.equal((await search("lost-phone"))[0]?.liveSessions, 0);
  });

  it("answers 404 for an account that does not exist or was deleted", async () => {
    assert.equal((await admin.fetch("/api/admin/users/999999/sessions", { method: "DELETE" })).status, 404);
    const gone = await googleSessionJar(api, "gone@example.test");
    const [found] = await search("gone@");
    await api.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, found!.id));
    assert.equal((await admin.fetch(`/api/admin/users/${found!.id}/sessions`, { method: "DELETE" })).status, 404);
    assert.deepEqual(await search("gone@"), []);
    assert.equal((await gone.fetch("/api/auth/user")).status, 401, "a deleted account has no session");
  });
});
