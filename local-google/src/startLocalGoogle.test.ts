import assert from "node:assert/strict";
import { createHash, randomBytes } from "node:crypto";
import { after, before, describe, it } from "node:test";
import { cookieFetch } from "@pixlings/test-kit/api";
import { walkLocalGoogle } from "@pixlings/test-kit/localGoogle";
import { accountOfEmail, READY_ACCOUNTS } from "./accounts.ts";
import { startLocalGoogle, type LocalGoogle } from "./startLocalGoogle.ts";

const CLIENT = { clientId: "test-client", clientSecret: "test-client-secret-1234" };
const REDIRECT = "http://127.0.0.1:9/callback";

/** The ID token's claims, read without checking its signature (the API's tests check it with openid-client). */
const claimsOf = (idToken: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(idToken.split(".")[1] ?? "", "base64url").toString()) as Record<string, unknown>;

describe("local Google (oidc-provider)", () => {
  let google: LocalGoogle;
  before(async () => {
    google = await startLocalGoogle({ port: 0, ...CLIENT, redirectUris: [REDIRECT] });
  });
  after(() => google.close());

  function authorizeUrl(verifier: string, overrides: Record<string, string> = {}): string {
    const url = new URL("/auth", google.issuer);
    const params = {
      client_id: CLIENT.clientId,
      redirect_uri: REDIRECT,
      response_type: "code",
      scope: "openid email profile",
      state: "s1",
      nonce: "n1",
      code_challenge: createHash("sha256").update(verifier).digest("base64url"),
      code_challenge_method: "S256",
      ...overrides,
    };
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    return url.href;
  }

  const redeem = (code: string, verifier: string): Promise<Response> =>
    fetch(new URL("/token", google.issuer), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code,
        redirect_uri: REDIRECT,
        code_verifier: verifier,
        client_id: CLIENT.clientId,
        client_secret: CLIENT.clientSecret,
      }),
    });

  it("publishes discovery: code flow, S256 PKCE, RS256 ID tokens and its keys", async () => {
    const discovery = (await (await fetch(`${google.issuer}/.well-known/openid-configuration`)).json()) as Record<string, unknown>;
    assert.equal(discovery.issuer, google.issuer);
    assert.deepEqual(discovery.code_challenge_methods_supported, ["S256"]);
    assert.ok((discovery.id_token_signing_alg_values_supported as string[]).includes("RS256"));
    const jwks = (await (await fetch(String(discovery.jwks_uri))).json()) as { keys: { kty: string; alg: string; d?: string }[] };
    assert.equal(jwks.keys[0]?.kty, "RSA");
    assert.equal(jwks.keys[0]?.alg, "RS256");
    assert.equal(jwks.keys[0]?.d, undefined, "the private part stays private");
  });

  it("signs in a ready account through its page and issues a code once", async () => {
    const verifier = randomBytes(32).toString("base64url");
    const back = await walkLocalGoogle(authorizeUrl(verifier), { account: "artist" });
    assert.equal(back.origin + back.pathname, REDIRECT);
    assert.equal(back.searchParams.get("state"), "s1");
    const code = back.searchParams.get("code") ?? "";
    assert.ok(code);
    const res = await redeem(code, verifier);
    assert.equal(res.status, 200);
    const tokens = (await res.json()) as { id_token: string };
    const claims = claimsOf(tokens.id_token);
    const artist = READY_ACCOUNTS.artist;
    assert.equal(claims.iss, google.issuer);
    assert.equal(claims.sub, artist.sub);
    assert.equal(claims.email, artist.email);
    assert.equal(claims.email_verified, true);
    assert.equal(claims.given_name, artist.givenName);
    assert.equal(claims.nonce, "n1");
    assert.equal(claims.picture, `${google.issuer}${artist.avatarPath}`);
    assert.equal((await fetch(String(claims.picture))).headers.get("content-type"), "image/svg+xml");
    // The same code again: refused.
    const replay = await redeem(code, verifier);
    assert.equal(replay.status, 400);
    assert.equal(((await replay.json()) as { error: string }).error, "invalid_grant");
  });

  it("signs in any email typed in, with a sub derived from it", async () => {
    const verifier = randomBytes(32).toString("base64url");
    const back = await walkLocalGoogle(authorizeUrl(verifier), { email: "Someone.New@Example.test" });
    const tokens = (await (await redeem(back.searchParams.get("code") ?? "", verifier)).json()) as { id_token: string };
    const claims = claimsOf(tokens.id_token);
    assert.equal(claims.email, "someone.new@example.test");
    assert.equal(claims.sub, accountOfEmail("someone.new@example.test").sub);
    assert.equal(claims.given_name, undefined);
  });

  it("refuses a wrong PKCE verifier, a missing challenge and an unregistered redirect URI", async () => {
    const verifier = randomBytes(32).toString("base64url");
    const back = await walkLocalGoogle(authorizeUrl(verifier), { account: "collector" });
    const res = await redeem(back.searchParams.get("code") ?? "", randomBytes(32).toString("base64url"));
    assert.equal(((await res.json()) as { error: string }).error, "invalid_grant");

    const noPkce = new URL(authorizeUrl(verifier));
    noPkce.searchParams.delete("code_challenge");
    noPkce.searchParams.delete("code_challenge_method");
    const refused = await fetch(noPkce, { redirect: "manual" });
    assert.match(refused.headers.get("location") ?? "", /error=invalid_request/);

    const foreign = await fetch(authorizeUrl(verifier, { redirect_uri: "https://evil.test/cb" }), { redirect: "manual" });
    assert.equal(foreign.status, 400, "never redirects to an unregistered URI");
  });

  /** Follows the provider's redirects in `browser` until a page, or a redirect to the client. */
  async function landing(browser: ReturnType<typeof cookieFetch>, start: string): Promise<{ url: URL; page: string }> {
    let url = new URL(start);
    for (let hops = 0; hops < 10; hops++) {
      const res = await browser.fetch(url.href);
      const location = res.headers.get("location");
      if (!location) return { url, page: await res.text() };
      url = new URL(location, url);
      if (url.origin !== google.issuer) return { url, page: "" };
    }
    throw new Error("too many redirects");
  }

  const subOf = async (back: URL, verifier: string): Promise<unknown> => {
    const tokens = (await (await redeem(back.searchParams.get("code") ?? "", verifier)).json()) as { id_token: string };
    return claimsOf(tokens.id_token).sub;
  };

  it("keeps its session like Google: no page again, unless prompt=select_account asks for the account choice", async () => {
    const browser = cookieFetch("");
    const first = randomBytes(32).toString("base64url");
    assert.equal(await subOf(await walkLocalGoogle(authorizeUrl(first), { account: "collector" }, browser), first), READY_ACCOUNTS.collector.sub);

    // No prompt: the session signs the same person in again without a page (why the API asks).
    const silent = randomBytes(32).toString("base64url");
    const again = await landing(browser, authorizeUrl(silent));
    assert.equal(again.url.origin + again.url.pathname, REDIRECT, "no page without a prompt");
    assert.equal(await subOf(again.url, silent), READY_ACCOUNTS.collector.sub);

    // select_account: the choice, the session's account marked, and another account can be picked.
    const choose = randomBytes(32).toString("base64url");
    const shown = await landing(browser, authorizeUrl(choose, { prompt: "select_account" }));
    assert.match(shown.url.pathname, /^\/interaction\//);
    assert.match(shown.page, /Choose an account/);
    assert.match(shown.page, /Casey Collector<\/span><span class="tag">Signed in<\/span>/);
    assert.doesNotMatch(shown.page, /Ari Artist<\/span><span class="tag">/);
    const switched = await walkLocalGoogle(authorizeUrl(choose, { prompt: "select_account" }), { account: "artist" }, browser);
    assert.equal(switched.origin + switched.pathname, REDIRECT);
    assert.equal(await subOf(switched, choose), READY_ACCOUNTS.artist.sub);

    // The switch stuck: the session is Ari's now.
    const after = randomBytes(32).toString("base64url");
    assert.equal(await subOf((await landing(browser, authorizeUrl(after))).url, after), READY_ACCOUNTS.artist.sub);
  });

  it("keeps a typed-in account's email in the field when asked to choose again", async () => {
    const browser = cookieFetch("");
    const verifier = randomBytes(32).toString("base64url");
    await walkLocalGoogle(authorizeUrl(verifier), { email: "typed@example.test" }, browser);
    const shown = await landing(browser, authorizeUrl(verifier, { prompt: "select_account" }));
    assert.match(shown.page, /<input id="email"[^>]* value="typed@example.test"/);
    assert.doesNotMatch(shown.page, /class="tag"/, "no ready account is marked");
  });

  it("refuses a prompt value it does not support", async () => {
    const res = await fetch(authorizeUrl("x".repeat(43), { prompt: "bogus" }), { redirect: "manual" });
    const location = new URL(res.headers.get("location") ?? "", google.issuer);
    assert.equal(location.origin + location.pathname, REDIRECT);
    assert.equal(location.searchParams.get("error"), "invalid_request");
  });

  it("answers a bad email with the page again, 400, the text kept and escaped", async () => {
    const jar = cookieFetch("");
    const start = await landing(jar, authorizeUrl(randomBytes(32).toString("base64url")));
    const action = /<form method="post" action="([^"]+\/login)"/.exec(start.page)?.[1];
    assert.ok(action);
    const res = await jar.fetch(new URL(action, google.issuer).href, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: '"><script>alert(1)</script>' }).toString(),
    });
    assert.equal(res.status, 400);
    const html = await res.text();
    assert.match(html, /role="alert"/);
    assert.match(html, /value="&quot;&gt;&lt;script&gt;alert\(1\)&lt;\/script&gt;" aria-invalid="true"/);
    assert.doesNotMatch(html, /<script>/);
  });

  it("answers a bad email with the page again, 400", async () => {
    const verifier = randomBytes(32).toString("base64url");
    await assert.rejects(walkLocalGoogle(authorizeUrl(verifier), { email: "not an email" }), /answered 400/);
  });
});
