// Google sign-in with the real openid-client against the real local provider (oidc-provider),
// wallets linked to accounts, the link prompt flag, admins and artists by config.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { eq } from "drizzle-orm";
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { LOGIN_FAILURES, type LinkWalletResponse, type User } from "@pixlings/shared/http/auth";
import { READY_ACCOUNTS } from "@pixlings/local-google/accounts";
import type { LocalGoogle } from "@pixlings/local-google/startLocalGoogle";
import { cookieFetch, startTestApi, type TestApi } from "@pixlings/test-kit/api";
import { googleSignIn, startTestLocalGoogle, walkLocalGoogle } from "@pixlings/test-kit/localGoogle";
import { signIn, siweProof } from "@pixlings/test-kit/signIn";
import { artists } from "../db/tables/catalogue.ts";
import { users } from "../db/tables/accounts.ts";

const SITE = "http://pixlings.test:5173";
type Jar = ReturnType<typeof cookieFetch>;

describe("Google sign-in (openid-client against the local provider)", () => {
  let google: LocalGoogle;
  let api: TestApi;

  before(async () => {
    const local = await startTestLocalGoogle(SITE);
    google = local.google;
    api = await startTestApi(
      {
        ...local.env,
        SIWE_DOMAIN: "pixlings.test:5173",
        SIWE_URI: SITE,
        SIWE_CHAIN_IDS: "31337",
        ADMIN_EMAILS: "Admin@Pixlings.test, boss@example.test",
        ARTIST_EMAILS: `${READY_ACCOUNTS.artist.email}:mira`,
      },
      { seedCatalogue: false },
    );
    await api.database.db.insert(artists).values([
      { id: 1, slug: "mira", name: "Mira", email: "mira@artists.pixlings.test" },
      { id: 2, slug: "tomas", name: "Tomas", email: "tomas@artists.pixlings.test" },
    ]);
  });
  after(async () => {
    await api?.close();
    await google?.close();
  });

  const me = async (jar: Jar): Promise<User> => {
    const res = await jar.fetch("/api/auth/user");
    assert.equal(res.status, 200, await res.clone().text());
    return (await res.json()) as User;
  };
  const post = (jar: Jar, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> =>
    jar.fetch(path, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const proof = (jar: Jar, account: PrivateKeyAccount): ReturnType<typeof siweProof> => siweProof(jar, account, { domain: "pixlings.test:5173", uri: SITE });
  const failure = (location: string): { path: string; error: string | null; description: string | null } => {
    const url = new URL(location, SITE);
    return { path: url.pathname, error: url.searchParams.get("error"), description: url.searchParams.get("error_description") };
  };

  it("signs in through the provider's page, creates the user from the ID token and returns to the page it came from", async () => {
    const { jar, location } = await googleSignIn(api.url, { account: "collector" }, "/my-pixlings?tab=card");
    assert.equal(location, "/my-pixlings?tab=card");
    const user = await me(jar);
    const collector = READY_ACCOUNTS.collector;
    assert.deepEqual(user, {
      firstName: collector.givenName,
      username: null,
      email: collector.email,
      walletAddress: null,
      isAdmin: false,
      isArtist: false,
      profileImageUrl: `${google.issuer}${collector.avatarPath}`,
      linkedWallets: [],
      hasGoogle: true,
      linkingDismissed: false,
      adminSignInRequired: false,
    });
    // The same person again: the same user, found by (issuer, sub).
    await googleSignIn(api.url, { account: "collector" });
    const rows = await api.database.db.select().from(users).where(eq(users.googleSub, collector.sub));
    assert.equal(rows.length, 1);
    assert.equal(rows[0]?.googleIssuer, google.issuer);
  });

  it("rotates the session: the cookie from before the sign-in is dead after it", async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const jar = await signIn(api, wallet);
    const before = jar.cookie;
    await googleSignIn(api.url, { account: "collector" }, "/", jar);
    assert.notEqual(jar.cookie, before);
    assert.equal((await fetch(`${api.url}/api/auth/user`, { headers: { cookie: before ?? "" } })).status, 401);
    assert.equal((await me(jar)).email, READY_ACCOUNTS.collector.email);
  });

  it("sends a foreign or odd returnTo to /", async () => {
    for (const returnTo of ["https://evil.test/x", "//evil.test/x", "/\\evil.test", "/\t/evil.test", "javascript:alert(1)", "evil.test", ""]) {
      const { location } = await googleSignIn(api.url, { account: "collector" }, returnTo);
      assert.equal(location, "/", JSON.stringify(returnTo));
    }
  });

  it("refuses a callback whose state is not this browser's", async () => {
    const jar = cookieFetch(api.url);
    const start = await jar.fetch("/api/auth/google?returnTo=/x");
    const callback = await walkLocalGoogle(start.headers.get("location") ?? "", { account: "collector" });
    callback.searchParams.set("state", "forged-state");
    const res = await jar.fetch(callback.pathname + callback.search);
    assert.equal(res.status, 302);
    // The shop's own words only: openid-client's ("unexpected \"state\" response parameter value") stay in the log.
    assert.deepEqual(failure(res.headers.get("location") ?? ""), {
      path: "/login-failed",
      error: "sign_in_failed",
      description: LOGIN_FAILURES.sign_in_failed,
    });
    assert.equal((await jar.fetch("/api/auth/user")).status, 401, "no session");
  });

  it("refuses a code used twice, even with the original login cookie", async () => {
    const jar = cookieFetch(api.url);
    const start = await jar.fetch("/api/auth/google");
    const loginCookie = jar.cookie;
    const callback = await walkLocalGoogle(start.headers.get("location") ?? "", { account: "collector" });
    assert.equal((await jar.fetch(callback.pathname + callback.search)).status, 302);
    assert.equal((await me(jar)).email, READY_ACCOUNTS.collector.email);

    const replay = cookieFetch(api.url);
    replay.cookie = loginCookie;
    const res = await replay.fetch(callback.pathname + callback.search);
    assert.deepEqual(failure(res.headers.get("location") ?? ""), {
      path: "/login-failed",
      error: "sign_in_failed",
      description: LOGIN_FAILURES.sign_in_failed,
    });
    assert.equal((await replay.fetch("/api/auth/user")).status, 401);
  });

  it("refuses a callback without the login cookie (another browser, or too late)", async () => {
    const start = await cookieFetch(api.url).fetch("/api/auth/google");
    const callback = await walkLocalGoogle(start.headers.get("location") ?? "", { account: "collector" });
    const res = await cookieFetch(api.url).fetch(callback.pathname + callback.search);
    assert.deepEqual(failure(res.headers.get("location") ?? ""), { path: "/login-failed", error: "login_expired", description: LOGIN_FAILURES.login_expired });
  });

  it("reports a sign-in cancelled at the provider", async () => {
    const jar = cookieFetch(api.url);
    const start = await jar.fetch("/api/auth/google");
    const browser = cookieFetch("");
    let res = await browser.fetch(start.headers.get("location") ?? "");
    const page = new URL(res.headers.get("location") ?? "", google.issuer);
    res = await browser.fetch(`${google.issuer}${page.pathname}/abort`, { method: "POST" });
    // oidc-provider resumes the authorization, which sends the error back to our callback.
    for (let hops = 0; hops < 5 && new URL(res.headers.get("location") ?? "", google.issuer).origin === google.issuer; hops++) {
      res = await browser.fetch(new URL(res.headers.get("location") ?? "", google.issuer).href);
    }
    const callback = new URL(res.headers.get("location") ?? "");
    const done = await jar.fetch(callback.pathname + callback.search);
    assert.deepEqual(failure(done.headers.get("location") ?? ""), { path: "/login-failed", error: "access_denied", description: LOGIN_FAILURES.access_denied });
  });

  it("makes admins of ADMIN_EMAILS (any case) on a Google sign-in only; refresh-admin says why not", async () => {
    const admin = await googleSignIn(api.url, { account: "admin" });
    assert.deepEqual([(await me(admin.jar)).isAdmin, (await me(admin.jar)).adminSignInRequired], [true, false]);
    const collector = await googleSignIn(api.url, { account: "collector" });
    assert.equal((await me(collector.jar)).isAdmin, false);
    const typed = await googleSignIn(api.url, { email: "BOSS@example.test" });
    assert.equal((await me(typed.jar)).isAdmin, true);
    const refreshed = await post(collector.jar, "/api/debug/refresh-admin");
    assert.equal(refreshed.status, 200);
    assert.deepEqual(await refreshed.json(), { message: "This account is not an admin (its email is not in ADMIN_EMAILS)", isAdmin: false });
    assert.deepEqual(await (await post(admin.jar, "/api/debug/refresh-admin")).json(), { message: "Admin status confirmed", isAdmin: true });
    assert.equal((await post(cookieFetch(api.url), "/api/debug/refresh-admin")).status, 401);

    // A wallet linked to the admin's account signs in as that account, without admin.
    const wallet = privateKeyToAccount(generatePrivateKey());
    assert.equal((await post(typed.jar, "/api/link-wallet", { walletAddress: wallet.address, ...(await proof(typed.jar, wallet)) })).status, 200);
    const viaWallet = await signIn(api, wallet, 31337);
    const asWallet = await me(viaWallet);
    assert.deepEqual([asWallet.email, asWallet.isAdmin, asWallet.adminSignInRequired], ["boss@example.test", false, true]);
    const refused = await viaWallet.fetch("/api/admin/freemint-cards");
    assert.equal(refused.status, 403);
    assert.match(((await refused.json()) as { message: string }).message, /sign in with Google again/);
    assert.match(((await (await post(viaWallet, "/api/debug/refresh-admin")).json()) as { message: string }).message, /wallet sign-in never carries admin/);
    assert.equal((await typed.jar.fetch("/api/admin/freemint-cards")).status, 200, "the Google session still is");
  });

  it("links the artists ARTIST_EMAILS names (and no other) to the artist account", async () => {
    const artist = await googleSignIn(api.url, { account: "artist" });
    assert.equal((await me(artist.jar)).isArtist, true);
    const rows = await api.database.db.select({ slug: artists.slug, userId: artists.userId }).from(artists).orderBy(artists.id);
    assert.equal(rows[0]?.userId !== null, true);
    assert.equal(rows[1]?.userId, null);
    // An artist's own catalogue email links its row too.
    const tomas = await googleSignIn(api.url, { email: "tomas@artists.pixlings.test" });
    assert.equal((await me(tomas.jar)).isArtist, true);
    assert.equal((await me((await googleSignIn(api.url, { account: "collector" })).jar)).isArtist, false);
  });

  it("links a wallet only with proof; a linked wallet signs in as the Google user; linked elsewhere is 409", async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const { jar } = await googleSignIn(api.url, { email: "linker@example.test" });

    // A bare address is never enough.
    const bare = await post(jar, "/api/link-wallet", { walletAddress: wallet.address });
    assert.equal(bare.status, 403);
    assert.match(((await bare.json()) as { message: string }).message, /Prove you control/);
    // A proof signed by another wallet does not prove this one.
    const other = privateKeyToAccount(generatePrivateKey());
    const wrong = await post(jar, "/api/link-wallet", { walletAddress: wallet.address, ...(await proof(jar, other)) });
    assert.equal(wrong.status, 403);
    // Half a proof is a bad request.
    assert.equal((await post(jar, "/api/link-wallet", { walletAddress: wallet.address, message: "x" })).status, 400);

    const walletProof = await proof(jar, wallet);
    const linked = await post(jar, "/api/link-wallet", { walletAddress: wallet.address.toLowerCase(), ...walletProof });
    assert.equal(linked.status, 200, await linked.clone().text());
    const { user } = (await linked.json()) as LinkWalletResponse;
    assert.deepEqual(user.linkedWallets, [wallet.address]);
    assert.equal(user.walletAddress, wallet.address);
    // The same proof again: its nonce is used up.
    assert.equal((await post(jar, "/api/link-wallet", { walletAddress: wallet.address, ...walletProof })).status, 401);

    // Signing in with Ethereum with that wallet is signing in as the Google user.
    const viaWallet = await signIn(api, wallet, 31337);
    const asWallet = await me(viaWallet);
    assert.equal(asWallet.email, "linker@example.test");
    assert.equal(asWallet.hasGoogle, true);
    assert.equal(asWallet.walletAddress, wallet.address);
    // That session proves the wallet itself: linking it again needs no signature, and changes nothing.
    assert.equal((await post(viaWallet, "/api/link-wallet", { walletAddress: wallet.address })).status, 200);

    // Another account cannot take it, even with a valid proof; nothing is merged.
    const thief = await googleSignIn(api.url, { email: "someone-else@example.test" });
    const taken = await post(thief.jar, "/api/link-wallet", { walletAddress: wallet.address, ...(await proof(thief.jar, wallet)) });
    assert.equal(taken.status, 409);
    assert.match(((await taken.json()) as { message: string }).message, /already linked to another Pixlings account/);
    assert.deepEqual((await me(thief.jar)).linkedWallets, []);
    assert.equal((await post(cookieFetch(api.url), "/api/link-wallet", { walletAddress: wallet.address, ...walletProof })).status, 401);
  });

  it("two accounts racing to link one wallet: one wins, the other gets 409", async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const a = await googleSignIn(api.url, { email: "racer-a@example.test" });
    const b = await googleSignIn(api.url, { email: "racer-b@example.test" });
    const [ra, rb] = await Promise.all([
      proof(a.jar, wallet).then((p) => post(a.jar, "/api/link-wallet", { walletAddress: wallet.address, ...p })),
      proof(b.jar, wallet).then((p) => post(b.jar, "/api/link-wallet", { walletAddress: wallet.address, ...p })),
    ]);
    assert.deepEqual([ra.status, rb.status].sort(), [200, 409]);
  });

  it("remembers 'Maybe Later' for the session only", async () => {
    const first = await googleSignIn(api.url, { account: "collector" });
    assert.equal((await post(cookieFetch(api.url), "/api/auth/link-prompt/dismiss")).status, 401);
    const res = await post(first.jar, "/api/auth/link-prompt/dismiss");
    assert.deepEqual(await res.json(), { linkingDismissed: true });
    assert.equal((await me(first.jar)).linkingDismissed, true);
    const second = await googleSignIn(api.url, { account: "collector" });
    assert.equal((await me(second.jar)).linkingDismissed, false);
  });

  it("refuses cross-site state changes made with the session cookie (Origin, Sec-Fetch-Site)", async () => {
    const { jar } = await googleSignIn(api.url, { account: "collector" });
    for (const headers of [
      { origin: "https://evil.test" } as Record<string, string>,
      { origin: "null" },
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site" },
    ]) {
      const res = await post(jar, "/api/auth/link-prompt/dismiss", undefined, headers);
      assert.equal(res.status, 403, JSON.stringify(headers));
      assert.match(((await res.json()) as { message: string }).message, /Cross-site request refused/);
    }
    assert.equal((await post(jar, "/api/logout", undefined, { origin: "https://evil.test" })).status, 403);
    assert.equal((await me(jar)).linkingDismissed, false, "nothing changed");
    assert.equal((await post(jar, "/api/auth/link-prompt/dismiss", undefined, { origin: SITE })).status, 200);
    assert.equal((await post(jar, "/api/auth/link-prompt/dismiss", undefined, { origin: api.url, "sec-fetch-site": "same-origin" })).status, 200);
  });

  it("after sign-out, asks the provider for the account choice, so another account can sign in", async () => {
    const jar = cookieFetch(api.url);
    // The browser's cookies at the provider: its own session outlives ours.
    const atProvider = cookieFetch("");
    const authorize = async (): Promise<string> => {
      const start = await jar.fetch("/api/auth/google?returnTo=%2F");
      const location = start.headers.get("location") ?? "";
      assert.equal(new URL(location).searchParams.get("prompt"), "select_account");
      return location;
    };
    const finish = async (callback: URL): Promise<void> => {
      assert.equal((await jar.fetch(callback.pathname + callback.search)).status, 302);
    };
    await finish(await walkLocalGoogle(await authorize(), { account: "collector" }, atProvider));
    assert.equal((await me(jar)).email, READY_ACCOUNTS.collector.email);
    // Sign Out as the web app does it.
    assert.equal((await post(jar, "/api/logout")).status, 200);
    assert.equal((await jar.fetch("/api/auth/user")).status, 401);

    // The provider still knows Casey, yet shows its page instead of sending Casey straight back.
    const again = await authorize();
    const shown = await atProvider.fetch(again);
    assert.match(new URL(shown.headers.get("location") ?? "", google.issuer).pathname, /^\/interaction\//);
    await finish(await walkLocalGoogle(again, { account: "artist" }, atProvider));
    assert.equal((await me(jar)).email, READY_ACCOUNTS.artist.email);
  });

  it("ends the session on sign-out", async () => {
    const { jar } = await googleSignIn(api.url, { account: "collector" });
    const cookie = jar.cookie;
    assert.equal((await post(jar, "/api/auth/logout")).status, 200);
    assert.equal((await fetch(`${api.url}/api/auth/user`, { headers: { cookie: cookie ?? "" } })).status, 401);
  });
});
