// POST /api/link-wallet when the wallet already has an account: a wallet-only account's only
// wallet moves to the signed-in user only when confirmed with a fresh proof; any other stays put.
// The real app on PGlite, the real local Google provider, real SIWE signatures.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { eq } from "drizzle-orm";
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { createSiweMessage } from "viem/siwe";
import type { LinkWalletResponse, User } from "@pixlings/shared/http/auth";
import type { LocalGoogle } from "@pixlings/local-google/startLocalGoogle";
import { type cookieFetch, startTestApi, type TestApi } from "@pixlings/test-kit/api";
import { googleSignIn, startTestLocalGoogle } from "@pixlings/test-kit/localGoogle";
import { signIn, siweProof } from "@pixlings/test-kit/signIn";
import { reservations } from "../db/tables/reservations.ts";
import { sessions, users, userWallets } from "../db/tables/accounts.ts";

const SITE = "http://pixlings.test:5173";
const DOMAIN = "pixlings.test:5173";
type Jar = ReturnType<typeof cookieFetch>;
type Body = { message: string; code?: string; walletAddress?: string };

describe("POST /api/link-wallet: moving a wallet out of its own account", () => {
  let google: LocalGoogle;
  let api: TestApi;

  before(async () => {
    const local = await startTestLocalGoogle(SITE);
    google = local.google;
    api = await startTestApi({ ...local.env, SIWE_DOMAIN: DOMAIN, SIWE_URI: SITE, SIWE_CHAIN_IDS: "31337" }, { seedCatalogue: false });
  });
  after(async () => {
    await api?.close();
    await google?.close();
  });

  const db = () => api.database.db;
  const post = (jar: Jar, body: unknown): Promise<Response> =>
    jar.fetch("/api/link-wallet", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const proof = (jar: Jar, account: PrivateKeyAccount): ReturnType<typeof siweProof> => siweProof(jar, account, { domain: DOMAIN, uri: SITE });
  const link = async (jar: Jar, account: PrivateKeyAccount, extra: Record<string, unknown> = {}): Promise<Response> =>
    post(jar, { walletAddress: account.address, ...(await proof(jar, account)), ...extra });
  const status = async (jar: Jar): Promise<number> => (await jar.fetch("/api/auth/user")).status;
  const me = async (jar: Jar): Promise<User> => {
    const res = await jar.fetch("/api/auth/user");
    assert.equal(res.status, 200, await res.clone().text());
    return (await res.json()) as User;
  };
  const expectError = async (res: Response, expected: number, pattern: RegExp, code?: string): Promise<Body> => {
    const body = (await res.json()) as Body;
    assert.equal(res.status, expected, JSON.stringify(body));
    assert.match(body.message, pattern);
    assert.equal(body.code, code);
    return body;
  };
  const holderOf = async (address: string): Promise<number | undefined> =>
    (await db().select({ userId: userWallets.userId }).from(userWallets).where(eq(userWallets.address, address)))[0]?.userId;
  const userExists = async (id: number): Promise<boolean> => (await db().select({ id: users.id }).from(users).where(eq(users.id, id))).length === 1;

  /** A wallet that signed in with Ethereum on its own (a wallet-only account), in two browsers, holding one Pix. */
  async function walletOnlyAccount(): Promise<{ wallet: PrivateKeyAccount; userId: number; browsers: Jar[] }> {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const browsers = [await signIn(api, wallet), await signIn(api, wallet)];
    const userId = await holderOf(wallet.address);
    assert.ok(userId);
    const deadline = new Date(Date.now() + 600_000);
    await db()
      .insert(reservations)
      .values({ tokenId: 1000 + userId, address: wallet.address, userId, chainId: 31337, deadline, holdUntil: deadline });
    return { wallet, userId, browsers };
  }

  it("refuses to move without confirmation (409 wallet_has_own_account), and changes nothing", async () => {
    const { wallet, userId, browsers } = await walletOnlyAccount();
    const { jar } = await googleSignIn(api.url, { email: "mover-unconfirmed@example.test" });
    for (const extra of [{}, { confirmMove: false }]) {
      const body = await expectError(await link(jar, wallet, extra), 409, /has a Pixlings account of its own.*Confirm to move it/, "wallet_has_own_account");
      assert.equal(body.walletAddress, wallet.address);
    }
    assert.equal(await holderOf(wallet.address), userId);
    assert.equal(await userExists(userId), true);
    for (const browser of browsers) assert.equal(await status(browser), 200);
    assert.deepEqual((await me(jar)).linkedWallets, []);
  });

  it("refuses a confirmed move without a fresh, valid proof: bare, stale, forged, expired, another wallet's; a confirmation that is not a boolean", async () => {
    const { wallet, userId } = await walletOnlyAccount();
    const { jar } = await googleSignIn(api.url, { email: "mover-unproven@example.test" });
    await expectError(await post(jar, { walletAddress: wallet.address, confirmMove: true }), 403, /Prove you control/);

    // The proof of the first, unconfirmed try is used up: the confirmation needs a new signature.
    const first = await proof(jar, wallet);
    await expectError(await post(jar, { walletAddress: wallet.address, ...first }), 409, /of its own/, "wallet_has_own_account");
    await expectError(await post(jar, { walletAddress: wallet.address, ...first, confirmMove: true }), 401, /Nonce already used/);

    const thief = privateKeyToAccount(generatePrivateKey());
    const forged = await proof(jar, wallet);
    await expectError(
      await post(jar, {
        walletAddress: wallet.address,
        message: forged.message,
        signature: await thief.signMessage({ message: forged.message }),
        confirmMove: true,
      }),
      401,
      /Invalid signature/,
    );
    await expectError(await post(jar, { walletAddress: wallet.address, ...(await proof(jar, thief)), confirmMove: true }), 403, /signed message is for/);

    const { nonce } = (await (await jar.fetch("/api/auth/nonce")).json()) as { nonce: string };
    const message = createSiweMessage({
      address: wallet.address,
      chainId: 31337,
      domain: DOMAIN,
      uri: SITE,
      version: "1",
      nonce,
      issuedAt: new Date(Date.now() - 120_000),
      expirationTime: new Date(Date.now() - 60_000),
    });
    await expectError(
      await post(jar, { walletAddress: wallet.address, message, signature: await wallet.signMessage({ message }), confirmMove: true }),
      401,
      /expired/,
    );

    for (const confirmMove of ["true", 1, null]) {
      await expectError(await post(jar, { walletAddress: wallet.address, ...(await proof(jar, wallet)), confirmMove }), 400, /body\.confirmMove/);
    }
    assert.equal(await holderOf(wallet.address), userId);
    assert.equal(await userExists(userId), true);
  });

  it("moves it when confirmed: the wallet and its reservations come along, the old account is signed out everywhere and deleted", async () => {
    const { wallet, userId, browsers } = await walletOnlyAccount();
    const { jar } = await googleSignIn(api.url, { email: "mover@example.test" });
    const googleUserId = (await db().select({ id: users.id }).from(users).where(eq(users.email, "mover@example.test")))[0]?.id;
    assert.ok(googleUserId);
    await expectError(await link(jar, wallet), 409, /of its own/, "wallet_has_own_account");

    const moved = await link(jar, wallet, { confirmMove: true });
    assert.equal(moved.status, 200, await moved.clone().text());
    const { user } = (await moved.json()) as LinkWalletResponse;
    assert.deepEqual(user.linkedWallets, [wallet.address]);
    assert.equal(user.hasGoogle, true);
    assert.equal(user.email, "mover@example.test");

    assert.equal(await holderOf(wallet.address), googleUserId);
    const held = await db().select({ userId: reservations.userId }).from(reservations).where(eq(reservations.address, wallet.address));
    assert.deepEqual(held, [{ userId: googleUserId }]);
    assert.equal(await userExists(userId), false);
    assert.equal((await db().select().from(sessions).where(eq(sessions.userId, userId))).length, 0);
    // Signed out, not signed in to the Google account.
    for (const browser of browsers) assert.equal(await status(browser), 401);

    // The wallet now signs in as the Google user; confirming again changes nothing.
    assert.equal((await me(await signIn(api, wallet))).email, "mover@example.test");
    assert.equal((await link(jar, wallet, { confirmMove: true })).status, 200);
    assert.deepEqual((await me(jar)).linkedWallets, [wallet.address]);
  });

  it("never moves the wallet of a Google account, nor of a wallet account with more wallets, even confirmed", async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const owner = await googleSignIn(api.url, { email: "owner@example.test" });
    assert.equal((await link(owner.jar, wallet)).status, 200);
    const thief = await googleSignIn(api.url, { email: "taker@example.test" });
    await expectError(await link(thief.jar, wallet, { confirmMove: true }), 409, /already linked to another Pixlings account/, "wallet_linked_elsewhere");
    assert.deepEqual((await me(owner.jar)).linkedWallets, [wallet.address]);

    // A wallet-only account that linked a second wallet is someone's account of two wallets: it stays.
    const { wallet: first, userId, browsers } = await walletOnlyAccount();
    const second = privateKeyToAccount(generatePrivateKey());
    const [browser] = browsers;
    assert.ok(browser);
    assert.equal((await link(browser, second)).status, 200);
    for (const each of [first, second]) {
      await expectError(await link(thief.jar, each, { confirmMove: true }), 409, /already linked to another/, "wallet_linked_elsewhere");
      assert.equal(await holderOf(each.address), userId);
    }
    assert.deepEqual((await me(thief.jar)).linkedWallets, []);
  });

  it("moves into a wallet-only account too (its signed-in user is 'logged in'), which then has both wallets", async () => {
    const { wallet: mine, browsers } = await walletOnlyAccount();
    const { wallet: other, userId: otherId, browsers: otherBrowsers } = await walletOnlyAccount();
    const [browser] = browsers;
    assert.ok(browser);
    await expectError(await link(browser, other), 409, /of its own/, "wallet_has_own_account");
    assert.equal((await link(browser, other, { confirmMove: true })).status, 200);
    assert.deepEqual((await me(browser)).linkedWallets, [mine.address, other.address]);
    assert.equal(await userExists(otherId), false);
    for (const each of otherBrowsers) assert.equal(await status(each), 401);
  });

  it("two accounts racing to move one wallet: exactly one wins, the other gets 409 wallet_linked_elsewhere", async () => {
    const { wallet, userId } = await walletOnlyAccount();
    const a = await googleSignIn(api.url, { email: "race-move-a@example.test" });
    const b = await googleSignIn(api.url, { email: "race-move-b@example.test" });
    const [proofA, proofB] = await Promise.all([proof(a.jar, wallet), proof(b.jar, wallet)]);
    const answers = await Promise.all([
      post(a.jar, { walletAddress: wallet.address, ...proofA, confirmMove: true }),
      post(b.jar, { walletAddress: wallet.address, ...proofB, confirmMove: true }),
    ]);
    assert.deepEqual(answers.map((res) => res.status).sort(), [200, 409]);
    const loser = answers.find((res) => res.status === 409);
    assert.ok(loser);
    await expectError(loser, 409, /already linked to another/, "wallet_linked_elsewhere");
    const wallets = [(await me(a.jar)).linkedWallets, (await me(b.jar)).linkedWallets];
    assert.deepEqual(wallets.flat(), [wallet.address]);
    assert.equal(await userExists(userId), false);
  });

  it("a move racing the wallet's own sign-in: no 500, and the sign-in never lands in the old account after the move", async () => {
    const { wallet, userId } = await walletOnlyAccount();
    const { jar } = await googleSignIn(api.url, { email: "race-signin@example.test" });
    const moveProof = await proof(jar, wallet);
    const [moved, walletJar] = await Promise.all([post(jar, { walletAddress: wallet.address, ...moveProof, confirmMove: true }), signIn(api, wallet)]);
    assert.equal(moved.status, 200, await moved.clone().text());
    assert.equal(await userExists(userId), false);
    const after = await walletJar.fetch("/api/auth/user");
    // Signed in before the move: that session ended with the old account. After it: the Google user.
    if (after.status === 200) assert.equal(((await after.json()) as User).email, "race-signin@example.test");
    else assert.equal(after.status, 401);
  });

  it("two wallet-only accounts moving each other's wallet at once: one wins, the other gets a clear 401 or 409, never a 500", async () => {
    const a = await walletOnlyAccount();
    const b = await walletOnlyAccount();
    const [browserA] = a.browsers;
    const [browserB] = b.browsers;
    assert.ok(browserA && browserB);
    const [proofB, proofA] = await Promise.all([proof(browserA, b.wallet), proof(browserB, a.wallet)]);
    const answers = await Promise.all([
      post(browserA, { walletAddress: b.wallet.address, ...proofB, confirmMove: true }),
      post(browserB, { walletAddress: a.wallet.address, ...proofA, confirmMove: true }),
    ]);
    const statuses = answers.map((res) => res.status);
    assert.equal(statuses.filter((s) => s === 200).length, 1, JSON.stringify(statuses));
    assert.ok(
      statuses.every((s) => s === 200 || s === 401 || s === 409),
      JSON.stringify(statuses),
    );
    for (const res of answers.filter((each) => each.status !== 200)) assert.equal(typeof ((await res.json()) as Body).message, "string");
    // Both wallets end in the one account that survived.
    const holders = new Set([await holderOf(a.wallet.address), await holderOf(b.wallet.address)]);
    assert.equal(holders.size, 1);
  });
});
