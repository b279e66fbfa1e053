import assert from "node:assert/strict";
import path from "node:path";
import { describe, it } from "node:test";
import { CHAIN_IDS } from "@pixlings/shared/chains";
import { DEV_SESSION_SECRET, readConfig, REPO_ROOT } from "./readConfig.ts";

describe("readConfig", () => {
  it("has working defaults for local development", () => {
    const config = readConfig({});
    assert.equal(config.port, 3001);
    assert.equal(config.host, "127.0.0.1");
    assert.equal(config.databaseUrl, undefined);
    assert.equal(config.pgliteDir, path.join(REPO_ROOT, ".pixlings", "api-db"));
    assert.equal(config.catalogueFile, path.join(REPO_ROOT, ".pixlings", "art", "catalogue.json"));
    assert.equal(config.indexerUrl, "http://127.0.0.1:42069");
    assert.equal(config.indexerDatabaseUrl, undefined, "Ponder over HTTP by default");
    assert.equal(config.webDistDir, path.join(REPO_ROOT, "web", "dist"));
    assert.equal(config.sessionSecret, DEV_SESSION_SECRET);
    assert.equal(config.secureCookies, false);
    assert.deepEqual(config.siwe, { domain: "127.0.0.1:3001", uri: "http://127.0.0.1:3001", chainIds: CHAIN_IDS, nonceTtlSeconds: 300 });
    assert.equal(config.logLevel, "info");
    assert.equal(readConfig({ NODE_ENV: "test" }).logLevel, "silent");
  });

  it("treats empty values as unset", () => {
    assert.equal(readConfig({ API_PORT: "", DATABASE_URL: "", SESSION_SECRET: "" }).port, 3001);
  });

  it("reads every variable", () => {
    const config = readConfig({
      API_PORT: "4000",
      API_HOST: "::1",
      DATABASE_URL: "postgres://u:p@127.0.0.1:5433/pix",
      API_PGLITE_DIR: "/tmp/x",
      SESSION_SECRET: "s".repeat(40),
      SESSION_TTL_HOURS: "2",
      SIWE_URI: "https://pixlings.example/",
      SIWE_CHAIN_IDS: "11155111, 80002",
      SIWE_NONCE_TTL_SECONDS: "60",
      LOG_LEVEL: "warn",
      INDEXER_URL: "http://127.0.0.1:42070/",
      WEB_DIST_DIR: "/srv/pixlings-web",
    });
    assert.equal(config.webDistDir, "/srv/pixlings-web");
    assert.equal(config.indexerUrl, "http://127.0.0.1:42070");
    assert.equal(config.port, 4000);
    assert.equal(config.host, "::1");
    assert.equal(config.databaseUrl, "postgres://u:p@127.0.0.1:5433/pix");
    assert.equal(config.pgliteDir, "/tmp/x");
    assert.equal(config.sessionTtlSeconds, 7200);
    assert.deepEqual(config.siwe, { domain: "pixlings.example", uri: "https://pixlings.example", chainIds: [11155111, 80002], nonceTtlSeconds: 60 });
    assert.equal(config.logLevel, "warn");
  });

  it("reads the indexer's Postgres views when INDEXER_DATABASE_URL is set (in the indexer's views schema unless told)", () => {
    const url = "postgres://u@127.0.0.1:5433/pix";
    const views = (env: Record<string, string>) => {
      const config = readConfig({ INDEXER_DATABASE_URL: url, ...env });
      return [config.indexerDatabaseUrl, config.indexerViewsSchema];
    };
    assert.deepEqual(views({}), [url, "pixlings"]);
    assert.deepEqual(views({ DATABASE_VIEWS_SCHEMA: "pix_views" }), [url, "pix_views"]);
    assert.deepEqual(views({ DATABASE_VIEWS_SCHEMA: "pix_views", INDEXER_VIEWS_SCHEMA: "other" }), [url, "other"]);
    // The indexer's variable is checked only when the API reads the views.
    assert.equal(readConfig({ DATABASE_VIEWS_SCHEMA: "Not Mine" }).indexerDatabaseUrl, undefined);
    assert.throws(() => views({ DATABASE_VIEWS_SCHEMA: "Not Mine" }), /DATABASE_VIEWS_SCHEMA: must be a lowercase SQL identifier/);
    assert.throws(
      () => readConfig({ INDEXER_DATABASE_URL: "http://x", INDEXER_VIEWS_SCHEMA: "a-b" }),
      (error: Error) => /INDEXER_DATABASE_URL: must be a postgres/.test(error.message) && /INDEXER_VIEWS_SCHEMA: must be a lowercase SQL identifier/.test(error.message),
    );
  });

  it("lists every bad variable in one error", () => {
    assert.throws(
      () => readConfig({ API_PORT: "70000", DATABASE_URL: "mysql://x", SIWE_CHAIN_IDS: "1,999", SESSION_SECRET: "short", INDEXER_URL: "localhost" }),
      (error: Error) =>
        /API_PORT/.test(error.message) &&
        /DATABASE_URL/.test(error.message) &&
        /SIWE_CHAIN_IDS: .*chain ids Pixlings knows/.test(error.message) &&
        /SESSION_SECRET: must be at least 32/.test(error.message) &&
        /INDEXER_URL: must be an http\(s\) URL/.test(error.message),
    );
  });

  it("reads the crypto sale settings: defaults, overrides, the indexer's chains", () => {
    const sale = readConfig({ PIXLINGS_INDEXER_CHAINS: JSON.stringify([{ chainId: 31338, address: `0x${"22".repeat(20)}` }, { chainId: 31337, address: `0x${"11".repeat(20)}` }]) }).sale;
    assert.deepEqual(
      sale.chains.map((c) => [c.chainId, c.contract, c.confirmations]),
      [
        [31337, `0x${"11".repeat(20)}`, 1],
        [31338, `0x${"22".repeat(20)}`, 1],
      ],
      "the first ethereum-network chain is primary",
    );
    assert.deepEqual([sale.voucherTtlSeconds, sale.marginSeconds, sale.authorizePerMinute, sale.ipPerMinute, sale.sweepIntervalMs], [300, 60, 10, 60, 5000]);
    const tuned = readConfig({ VOUCHER_TTL_SECONDS: "1", RESERVATION_MARGIN_SECONDS: "0", MINT_AUTHORIZE_PER_MINUTE: "2", MINT_IP_PER_MINUTE: "3", RESERVATION_SWEEP_MS: "100" }).sale;
    assert.deepEqual([tuned.voucherTtlSeconds, tuned.marginSeconds, tuned.authorizePerMinute, tuned.ipPerMinute, tuned.sweepIntervalMs], [1, 0, 2, 3, 100]);
    assert.throws(() => readConfig({ PIXLINGS_INDEXER_CHAINS: "[{" }), /Invalid API environment: PIXLINGS_INDEXER_CHAINS is not JSON/);
    assert.throws(() => readConfig({ VOUCHER_TTL_SECONDS: "0", MINT_SIGNER_PRIVATE_KEY: "0x12" }), /VOUCHER_TTL_SECONDS[\s\S]*MINT_SIGNER_PRIVATE_KEY|MINT_SIGNER_PRIVATE_KEY[\s\S]*VOUCHER_TTL_SECONDS/);
  });

  it("trusts X-Forwarded-For only from the proxies named in API_TRUST_PROXY", () => {
    assert.equal(readConfig({}).trustProxy, undefined);
    assert.equal(readConfig({ API_TRUST_PROXY: "1" }).trustProxy, 1);
    assert.equal(readConfig({ API_TRUST_PROXY: "loopback, 10.0.0.0/8, ::1" }).trustProxy, "loopback,10.0.0.0/8,::1");
    for (const bad of ["true", "false", "proxy.example", "10.0.0.0/8/1"]) assert.throws(() => readConfig({ API_TRUST_PROXY: bad }), /API_TRUST_PROXY: must be a hop count/, bad);
  });

  it("refuses production without a real session secret, and sets Secure cookies there", () => {
    assert.throws(() => readConfig({ NODE_ENV: "production" }), /SESSION_SECRET must be set/);
    assert.throws(() => readConfig({ NODE_ENV: "production", SESSION_SECRET: DEV_SESSION_SECRET }), /SESSION_SECRET must be set/);
    const signer = `0x${"42".repeat(32)}`;
    assert.equal(readConfig({ NODE_ENV: "production", SESSION_SECRET: "x".repeat(32), MINT_SIGNER_PRIVATE_KEY: signer }).secureCookies, true);
    assert.throws(() => readConfig({ NODE_ENV: "production", SESSION_SECRET: "x".repeat(32) }), /MINT_SIGNER_PRIVATE_KEY must be set/);
  });
});
