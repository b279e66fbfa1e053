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

  it("refuses production without a real session secret, and sets Secure cookies there", () => {
    assert.throws(() => readConfig({ NODE_ENV: "production" }), /SESSION_SECRET must be set/);
    assert.throws(() => readConfig({ NODE_ENV: "production", SESSION_SECRET: DEV_SESSION_SECRET }), /SESSION_SECRET must be set/);
    const signer = `0x${"42".repeat(32)}`;
    assert.equal(readConfig({ NODE_ENV: "production", SESSION_SECRET: "x".repeat(32), MINT_SIGNER_PRIVATE_KEY: signer }).secureCookies, true);
    assert.throws(() => readConfig({ NODE_ENV: "production", SESSION_SECRET: "x".repeat(32) }), /MINT_SIGNER_PRIVATE_KEY must be set/);
  });
});
