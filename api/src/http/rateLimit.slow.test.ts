// Rate limits of the real API (no chains needed: every limited request is refused before any
// chain is asked): sign-in nonces and vouchers per client IP, vouchers per signed-in address,
// mint confirmations per client IP; X-Forwarded-For counts only from a configured proxy.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { testAccount } from "@pixlings/test-kit/indexer";
import { signIn } from "@pixlings/test-kit/signIn";
import { startTestApi, type TestApi } from "@pixlings/test-kit/api";
import { skipPostgres, startPostgres, type TestPostgres } from "@pixlings/test-kit/postgres";

// A closed port: the reservation sweep finds no indexer there (and frees nothing).
const NO_INDEXER = "http://127.0.0.1:9";

async function expect429(res: Response): Promise<void> {
  const body = (await res.json()) as { message: string; retryAfter: number };
  assert.equal(res.status, 429, JSON.stringify(body));
  assert.match(body.message, /^Too many requests: try again in \d+ s$/);
  assert.ok(Number.isInteger(body.retryAfter) && body.retryAfter >= 1 && body.retryAfter <= 60);
  assert.equal(res.headers.get("retry-after"), String(body.retryAfter));
}

// On PGlite the voucher routes count in the process; on Postgres in the database, the voucher's
// session read and both its hits in one statement (mint/signedInWalletHits.ts).
for (const database of ["PGlite", "Postgres"] as const)
  describe(`rate limits (${database})`, { skip: database === "Postgres" && skipPostgres() && "PIXLINGS_SKIP_POSTGRES=1" }, () => {
    let api: TestApi;
    let proxied: TestApi;
    let servers: TestPostgres[] = [];
    before(async () => {
      // A server each: each API its own counters.
      servers = database === "Postgres" ? await Promise.all([startPostgres(), startPostgres()]) : [];
      const env = { INDEXER_URL: NO_INDEXER, MINT_IP_PER_MINUTE: "3", MINT_AUTHORIZE_PER_MINUTE: "2" };
      const urls = servers.map((server) => server.url);
      [api, proxied] = await Promise.all([
        startTestApi({ ...env, ...(urls[0] ? { DATABASE_URL: urls[0] } : {}) }, { seedCatalogue: false }),
        startTestApi({ ...env, API_TRUST_PROXY: "loopback", ...(urls[1] ? { DATABASE_URL: urls[1] } : {}) }, { seedCatalogue: false }),
      ]);
    });
    after(async () => {
      await Promise.all([api?.close(), proxied?.close()]);
      await Promise.all(servers.map((server) => server.stop()));
    });

    it("limits sign-in nonces per client IP; a forged X-Forwarded-For does not help", async () => {
      const nonce = (headers: Record<string, string> = {}) => fetch(`${api.url}/api/auth/nonce`, { headers });
      for (let i = 0; i < 3; i++) assert.equal((await nonce()).status, 200);
      await expect429(await nonce());
      await expect429(await nonce({ "x-forwarded-for": "203.0.113.7" }));
    });

    it("limits sign-in attempts per client, IPv6 counted by its /64", async () => {
      const attempt = (ip: string) =>
        fetch(`${proxied.url}/api/auth/siwe`, { method: "POST", headers: { "content-type": "application/json", "x-forwarded-for": ip }, body: "{}" });
      // Three addresses of one /64: one client.
      for (const ip of ["2001:db8:9:9::1", "2001:db8:9:9::2", "2001:db8:9:9::3"]) assert.equal((await attempt(ip)).status, 400);
      await expect429(await attempt("2001:db8:9:9:ffff::4"));
      assert.equal((await attempt("2001:db8:9:a::1")).status, 400, "another /64 is another client");
    });

    it("limits vouchers per signed-in address and per client IP, and confirmations per client IP", async () => {
      const jar = await signIn(proxied, testAccount("rate-alice"), 31337);
      const authorize = (headers: Record<string, string>) =>
        jar.fetch("/api/mint/authorize", {
          method: "POST",
          headers: { "content-type": "application/json", ...headers },
          body: JSON.stringify({ tokenIds: [1], chainId: 1 }),
        });
      // Each from its own client IP (through the trusted proxy): only the address limit applies.
      assert.equal((await authorize({ "x-forwarded-for": "203.0.113.1" })).status, 400);
      assert.equal((await authorize({ "x-forwarded-for": "203.0.113.2" })).status, 400);
      await expect429(await authorize({ "x-forwarded-for": "203.0.113.3" }));

      const anonymous = () => fetch(`${proxied.url}/api/mint/authorize`, { method: "POST", headers: { "x-forwarded-for": "203.0.113.9" } });
      for (let i = 0; i < 3; i++) assert.equal((await anonymous()).status, 401);
      await expect429(await anonymous());

      const confirm = () =>
        fetch(`${proxied.url}/api/mint/specific`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": "203.0.113.9" },
          body: "{}",
        });
      for (let i = 0; i < 3; i++) assert.equal((await confirm()).status, 400);
      await expect429(await confirm());
    });

    it("counts a voucher request on the address only once its client was within its limit", async () => {
      const jar = await signIn(proxied, testAccount("rate-carol"), 31337);
      const authorize = (ip: string) =>
        jar.fetch("/api/mint/authorize", {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": ip },
          body: JSON.stringify({ tokenIds: [1], chainId: 1 }),
        });
      const anonymous = () => fetch(`${proxied.url}/api/mint/authorize`, { method: "POST", headers: { "x-forwarded-for": "203.0.113.20" } });
      for (let i = 0; i < 3; i++) assert.equal((await anonymous()).status, 401);
      // The client is past its limit: refused before the address's limit is counted.
      await expect429(await authorize("203.0.113.20"));
      await expect429(await authorize("203.0.113.20"));
      // So the address still has both its vouchers a minute (MINT_AUTHORIZE_PER_MINUTE 2).
      assert.equal((await authorize("203.0.113.21")).status, 400);
      assert.equal((await authorize("203.0.113.22")).status, 400);
      await expect429(await authorize("203.0.113.23"));
    });

    it("takes the client IP from X-Forwarded-For behind a trusted proxy (API_TRUST_PROXY)", async () => {
      const nonce = (ip: string) => fetch(`${proxied.url}/api/auth/nonce`, { headers: { "x-forwarded-for": ip } });
      for (let i = 0; i < 3; i++) assert.equal((await nonce("198.51.100.1")).status, 200);
      await expect429(await nonce("198.51.100.1"));
      assert.equal((await nonce("198.51.100.2")).status, 200);
    });
  });
