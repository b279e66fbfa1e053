import assert from "node:assert/strict";
import type { ReadyAccountKey } from "@pixlings/local-google/accounts";
import { startLocalGoogle, type LocalGoogle } from "@pixlings/local-google/startLocalGoogle";
import { cookieFetch } from "./api.ts";

const TEST_OIDC_CLIENT_ID = "pixlings-test";
const TEST_OIDC_CLIENT_SECRET = "pixlings-test-client-secret";

/**
 * The local Google stand-in on a free port with a test client whose callback is on
 * `apiOrigin` (add more with `moreRedirectUris`), and the API variables that point at it; over
 * https with `tls` (test-kit/src/loopbackTls.ts).
 */
export async function startTestLocalGoogle(
  apiOrigin: string,
  moreRedirectUris: string[] = [],
  tls?: { key: string; cert: string },
): Promise<{ google: LocalGoogle; env: Record<string, string> }> {
  const google = await startLocalGoogle({
    port: 0,
    tls,
    clientId: TEST_OIDC_CLIENT_ID,
    clientSecret: TEST_OIDC_CLIENT_SECRET,
    redirectUris: [`${apiOrigin}/api/auth/google/callback`, ...moreRedirectUris],
  });
  return { google, env: { OIDC_ISSUER: google.issuer, OIDC_CLIENT_ID: TEST_OIDC_CLIENT_ID, OIDC_CLIENT_SECRET: TEST_OIDC_CLIENT_SECRET } };
}

/** Who signs in at the stand-in's page: a ready account, or any email typed in. */
export type GoogleChoice = { account: ReadyAccountKey } | { email: string };

/**
 * Walks the stand-in's real pages with fetch, as a browser would: the authorization URL, its
 * sign-in page, the chosen account posted, redirects and the provider's self-submitting forms
 * (its sign-out of the previous account when another one is chosen) followed until it sends the
 * browser back to the client. Returns that redirect's URL (the client's callback with code and
 * state, or an error). Pass `browser` to keep the stand-in's session between walks.
 */
export async function walkLocalGoogle(authorizeUrl: string, choice: GoogleChoice, browser: ReturnType<typeof cookieFetch> = cookieFetch("")): Promise<URL> {
  const issuer = new URL(authorizeUrl).origin;
  let res = await browser.fetch(authorizeUrl);
  let url = new URL(authorizeUrl);
  for (let hops = 0; hops < 10; hops++) {
    const location = res.headers.get("location");
    if (res.status >= 300 && res.status < 400 && location) {
      // Read to its end, so the connection can carry the next request (an unread body holds it).
      await res.arrayBuffer();
      url = new URL(location, url);
      if (url.origin !== issuer) return url;
      res = await browser.fetch(url.href);
      continue;
    }
    const page = await res.text();
    if (res.status !== 200) throw new Error(`the stand-in answered ${res.status} at ${url.href}: ${page}`);
    const action = /<form method="post" action="([^"]+\/login)"/.exec(page)?.[1];
    const autoSubmit = /<form method="post" action="([^"]+)">([\s\S]*?)<\/form>/.exec(page);
    if (!action && autoSubmit && page.includes("document.forms[0].submit()")) {
      const hidden = new URLSearchParams();
      for (const [, name = "", value = ""] of (autoSubmit[2] ?? "").matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g))
        hidden.append(name, value);
      url = new URL((autoSubmit[1] ?? "").replaceAll("&amp;", "&"), url);
      res = await browser.fetch(url.href, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: hidden.toString(),
      });
      continue;
    }
    assert.ok(action, `no sign-in form at ${url.href}`);
    const form: Record<string, string> = "account" in choice ? { account: choice.account } : { email: choice.email };
    url = new URL(action.replaceAll("&amp;", "&"), url);
    res = await browser.fetch(url.href, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form).toString(),
    });
  }
  throw new Error("the stand-in redirected more than 10 times");
}

/**
 * Signs in with the stand-in through the API: `GET /api/auth/google?returnTo=`, the stand-in's
 * pages, then the API's callback. Returns the jar (with the session cookie on success), the
 * callback URL used, and the API's final redirect.
 */
export async function googleSignIn(
  apiUrl: string,
  choice: GoogleChoice = { account: "collector" },
  returnTo = "/",
  jar: ReturnType<typeof cookieFetch> = cookieFetch(apiUrl),
): Promise<{ jar: ReturnType<typeof cookieFetch>; callback: URL; location: string }> {
  const start = await jar.fetch(`/api/auth/google?returnTo=${encodeURIComponent(returnTo)}`);
  assert.equal(start.status, 302, await start.clone().text());
  const callback = await walkLocalGoogle(start.headers.get("location") ?? "", choice);
  const done = await jar.fetch(callback.pathname + callback.search);
  assert.equal(done.status, 302, await done.clone().text());
  return { jar, callback, location: done.headers.get("location") ?? "" };
}
