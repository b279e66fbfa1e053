import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { createSiweMessage, type CreateSiweMessageParameters } from "viem/siwe";
import { eq } from "drizzle-orm";
import { siweNonces, userWallets } from "../db/tables/accounts.ts";
import { cookieFetch, startTestApi, type TestApi } from "@pixlings/test-kit/api";

// Configured chains: Local Ethereum and Sepolia only, so 31338 is known to Pixlings but not allowed here.
const ENV = { SIWE_DOMAIN: "pixlings.test:5173", SIWE_URI: "http://pixlings.test:5173", SIWE_CHAIN_IDS: "31337,11155111" };

describe("Sign-In with Ethereum", () => {
  let api: TestApi;
  const account: PrivateKeyAccount = privateKeyToAccount(generatePrivateKey());

  before(async () => {
    api = await startTestApi(ENV, { seedCatalogue: false });
  });
  after(() => api.close());

  const json = (body: unknown): RequestInit => ({
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

  async function nonce(): Promise<string> {
    const res = await fetch(`${api.url}/api/auth/nonce`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("cache-control"), "no-store");
    const body = (await res.json()) as { nonce: string; expiresAt: string };
    assert.match(body.nonce, /^[0-9a-zA-Z]{8,}$/);
    assert.ok(Date.parse(body.expiresAt) > Date.now());
    return body.nonce;
  }

  async function signedMessage(
    overrides: Partial<CreateSiweMessageParameters> = {},
    signer: PrivateKeyAccount = account,
  ): Promise<{ message: string; signature: `0x${string}` }> {
    const message = createSiweMessage({
      address: account.address,
      chainId: 31337,
      domain: "pixlings.test:5173",
      uri: "http://pixlings.test:5173/connect-wallet",
      version: "1",
      nonce: overrides.nonce ?? (await nonce()),
      issuedAt: new Date(),
      statement: "Sign in to Pixlings",
      ...overrides,
    });
    return { message, signature: await signer.signMessage({ message }) };
  }

  async function expectError(res: Response, status: number, pattern: RegExp): Promise<void> {
    const body = (await res.json()) as { message?: unknown };
    assert.equal(res.status, status, `status of ${JSON.stringify(body)}`);
    assert.equal(typeof body.message, "string");
    assert.match(body.message as string, pattern);
  }

  it("signs in with a wallet, sets an HttpOnly SameSite=Lax cookie and returns the user", async () => {
    const client = cookieFetch(api.url);
    const signed = await signedMessage();
    const res = await client.fetch("/api/auth/siwe", json(signed));
    assert.equal(res.status, 200);
    const user = await res.json();
    assert.deepEqual(user, {
      firstName: null,
      username: null,
      email: null,
      walletAddress: account.address,
      isAdmin: false,
      isArtist: false,
      profileImageUrl: null,
      linkedWallets: [account.address],
      hasGoogle: false,
      linkingDismissed: false,
      adminSignInRequired: false,
    });
    const setCookie = res.headers.get("set-cookie") ?? "";
    assert.match(setCookie, /^pixlings_session=[^;]+/);
    assert.match(setCookie, /HttpOnly/);
    assert.match(setCookie, /SameSite=Lax/);
    assert.match(setCookie, /Path=\//);
    assert.doesNotMatch(setCookie, /Secure/);

    const me = await client.fetch("/api/auth/user");
    assert.equal(me.status, 200);
    assert.deepEqual(await me.json(), user);

    // The same wallet again finds the same account.
    const again = await client.fetch("/api/auth/siwe", json(await signedMessage()));
    assert.equal(again.status, 200);
    const rows = await api.database.db.select().from(userWallets).where(eq(userWallets.address, account.address));
    assert.equal(rows.length, 1);
  });

  it("refuses a replayed nonce", async () => {
    const signed = await signedMessage();
    assert.equal((await fetch(`${api.url}/api/auth/siwe`, json(signed))).status, 200);
    await expectError(await fetch(`${api.url}/api/auth/siwe`, json(signed)), 401, /Nonce already used/);
  });

  it("refuses a nonce the server never issued, and an expired one", async () => {
    await expectError(await fetch(`${api.url}/api/auth/siwe`, json(await signedMessage({ nonce: "madeUpNonce123" }))), 401, /Unknown nonce/);
    await api.database.db.insert(siweNonces).values({ nonce: "staleNonce12345", expiresAt: new Date(Date.now() - 1000) });
    await expectError(await fetch(`${api.url}/api/auth/siwe`, json(await signedMessage({ nonce: "staleNonce12345" }))), 401, /Nonce expired/);
  });

  it("refuses a message for another domain or another site", async () => {
    await expectError(await fetch(`${api.url}/api/auth/siwe`, json(await signedMessage({ domain: "evil.test" }))), 401, /domain evil\.test/);
    await expectError(await fetch(`${api.url}/api/auth/siwe`, json(await signedMessage({ uri: "https://evil.test/login" }))), 401, /URI https:\/\/evil\.test/);
  });

  it("refuses an expired message and one not valid yet", async () => {
    const expired = await signedMessage({ issuedAt: new Date(Date.now() - 120_000), expirationTime: new Date(Date.now() - 60_000) });
    await expectError(await fetch(`${api.url}/api/auth/siwe`, json(expired)), 401, /expired/);
    const early = await signedMessage({ notBefore: new Date(Date.now() + 60_000) });
    await expectError(await fetch(`${api.url}/api/auth/siwe`, json(early)), 401, /not valid yet/);
  });

  it("refuses a chain that is not configured, and one Pixlings does not know", async () => {
    await expectError(await fetch(`${api.url}/api/auth/siwe`, json(await signedMessage({ chainId: 31338 }))), 401, /Chain 31338 is not supported/);
    await expectError(await fetch(`${api.url}/api/auth/siwe`, json(await signedMessage({ chainId: 999 }))), 401, /Chain 999 is not supported/);
  });

  it("refuses a bad signature, and the failed attempt uses up its nonce", async () => {
    const other = privateKeyToAccount(generatePrivateKey());
    const forged = await signedMessage({}, other);
    await expectError(await fetch(`${api.url}/api/auth/siwe`, json(forged)), 401, /Invalid signature/);
    const real = { message: forged.message, signature: await account.signMessage({ message: forged.message }) };
    await expectError(await fetch(`${api.url}/api/auth/siwe`, json(real)), 401, /Nonce already used/);
    const probing = await signedMessage({ domain: "evil.test" });
    await expectError(await fetch(`${api.url}/api/auth/siwe`, json(probing)), 401, /domain evil\.test/);
    await expectError(await fetch(`${api.url}/api/auth/siwe`, json(probing)), 401, /Nonce already used/);
    assert.equal((await fetch(`${api.url}/api/auth/siwe`, json(await signedMessage()))).status, 200, "a new nonce signs in");
  });

  it("answers 401 { message } without a session or with a forged cookie", async () => {
    await expectError(await fetch(`${api.url}/api/auth/user`), 401, /Not signed in/);
    await expectError(await fetch(`${api.url}/api/auth/user`, { headers: { cookie: "pixlings_session=abc.def" } }), 401, /Not signed in/);
  });

  it("signs out by POST only, ending the session server-side; a GET (a link, an image elsewhere) signs no one out", async () => {
    for (const path of ["/api/logout", "/api/auth/logout"]) {
      const client = cookieFetch(api.url);
      assert.equal((await client.fetch("/api/auth/siwe", json(await signedMessage()))).status, 200);
      const stolen = client.cookie;
      assert.ok(stolen);
      for (const method of ["GET", "HEAD"]) {
        const refused = await client.fetch(path, { method });
        assert.equal(refused.status, 405, `${method} ${path}`);
        assert.equal(refused.headers.get("allow"), "POST");
        assert.equal(refused.headers.get("set-cookie"), null, "the cookie is left alone");
        if (method === "GET") assert.match(((await refused.json()) as { message: string }).message, /Sign out with a POST request/);
        assert.equal((await client.fetch("/api/auth/user")).status, 200, "still signed in");
      }
      const res = await client.fetch(path, { method: "POST" });
      assert.equal(res.status, 200, path);
      assert.deepEqual(await res.json(), { message: "Signed out" });
      assert.match(res.headers.get("set-cookie") ?? "", /pixlings_session=;.*Max-Age=0/);
      assert.equal(client.cookie, undefined);
      await expectError(await fetch(`${api.url}/api/auth/user`, { headers: { cookie: stolen } }), 401, /Not signed in/);
    }
  });

  it("signs a user out everywhere: every session of the user ends, no one else's", async () => {
    const here = cookieFetch(api.url);
    assert.equal((await here.fetch("/api/auth/siwe", json(await signedMessage()))).status, 200);
    const there = cookieFetch(api.url);
    assert.equal((await there.fetch("/api/auth/siwe", json(await signedMessage()))).status, 200);
    const stranger = privateKeyToAccount(generatePrivateKey());
    const elsewhere = cookieFetch(api.url);
    assert.equal((await elsewhere.fetch("/api/auth/siwe", json(await signedMessage({ address: stranger.address }, stranger)))).status, 200);

    await expectError(await cookieFetch(api.url).fetch("/api/auth/logout-everywhere", { method: "POST" }), 401, /Not signed in/);
    const res = await here.fetch("/api/auth/logout-everywhere", { method: "POST" });
    assert.equal(res.status, 200);
    const body = (await res.json()) as { ended: number; message: string };
    assert.ok(body.ended >= 2, `ended ${body.ended}`);
    assert.match(res.headers.get("set-cookie") ?? "", /pixlings_session=;.*Max-Age=0/);
    assert.equal((await there.fetch("/api/auth/user")).status, 401, "the other browser is signed out");
    assert.equal((await elsewhere.fetch("/api/auth/user")).status, 200, "another user is not");
  });

  it("answers 400 { message } to bad input", async () => {
    const post = (body: string) => fetch(`${api.url}/api/auth/siwe`, { method: "POST", headers: { "content-type": "application/json" }, body });
    await expectError(await post("{not json"), 400, /Malformed JSON/);
    await expectError(await post("{}"), 400, /body\.message: .*required.*body\.signature: .*required/);
    await expectError(await post(JSON.stringify({ message: "hello" })), 400, /body\.signature/);
    await expectError(await post(JSON.stringify({ message: "hello", signature: "not-hex" })), 400, /body\.signature: must be 0x-prefixed hex/);
    await expectError(await post(JSON.stringify({ message: 42, signature: "0x00" })), 400, /body\.message/);
    await expectError(await post(JSON.stringify({ message: "hello", signature: "0xabcd" })), 400, /Invalid SIWE message: missing/);
    await expectError(await post("[]"), 400, /Invalid request body/);
    await expectError(await fetch(`${api.url}/api/auth/siwe`, { method: "POST" }), 400, /body\.message/);
  });
});
