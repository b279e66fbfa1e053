import assert from "node:assert/strict";
import path from "node:path";
import { describe, it } from "node:test";
import { CHAIN_IDS, CHAINS } from "@pixlings/shared/chains";
import { DEV_KEYS } from "@pixlings/shared/devAccounts";
import { DEV_SIGNER_KEY } from "../sale/saleConfig.ts";
import { API_ENV_NAMES, pickApiEnv } from "./envSchema.ts";
import { REPO_ROOT } from "@pixlings/shared/node/paths";
import { DEV_SESSION_SECRET, readConfig } from "./readConfig.ts";
import { PRODUCTION, PRODUCTION_SECRETS } from "@pixlings/test-kit/apiEnv";

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

  it("gives one user at most a third of the store's Printful quotas, and refuses a per-user limit above it", () => {
    const token = { PRINTFUL_API_TOKEN: "a-printful-token-1234" };
    const byDefault = readConfig(token).merch;
    assert.deepEqual([byDefault?.mockupsPerUserPerMinute, byDefault?.printfulCallsPerUserPerMinute], [3, 40]);
    const quotas = readConfig({ ...token, PRINTFUL_MOCKUPS_PER_MINUTE: "30", PRINTFUL_REQUESTS_PER_MINUTE: "300" }).merch;
    assert.deepEqual([quotas?.mockupsPerUserPerMinute, quotas?.printfulCallsPerUserPerMinute], [10, 100]);
    assert.equal(readConfig({ ...token, PRINTFUL_MOCKUPS_PER_USER_PER_MINUTE: "2" }).merch?.mockupsPerUserPerMinute, 2);
    assert.throws(
      () => readConfig({ ...token, PRINTFUL_MOCKUPS_PER_USER_PER_MINUTE: "4" }),
      /PRINTFUL_MOCKUPS_PER_USER_PER_MINUTE: must be at most 3: a third/,
    );
    assert.throws(
      () => readConfig({ ...token, PRINTFUL_MOCKUPS_PER_MINUTE: "12", PRINTFUL_MOCKUPS_PER_USER_PER_MINUTE: "5" }),
      /must be at most 4: a third of the store's Printful quota/,
    );
  });

  it("limits failed freemint guesses site-wide (FREEMINT_FAILED_GUESSES_PER_HOUR, default 200)", () => {
    assert.equal(readConfig({}).freemintFailedGuessesPerHour, 200);
    assert.equal(readConfig({ FREEMINT_FAILED_GUESSES_PER_HOUR: "5" }).freemintFailedGuessesPerHour, 5);
    assert.throws(() => readConfig({ FREEMINT_FAILED_GUESSES_PER_HOUR: "0" }), /FREEMINT_FAILED_GUESSES_PER_HOUR/);
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
      (error: Error) =>
        /INDEXER_DATABASE_URL: must be a postgres/.test(error.message) && /INDEXER_VIEWS_SCHEMA: must be a lowercase SQL identifier/.test(error.message),
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
    const sale = readConfig({
      PIXLINGS_INDEXER_CHAINS: JSON.stringify([
        { chainId: 31338, address: `0x${"22".repeat(20)}` },
        { chainId: 31337, address: `0x${"11".repeat(20)}` },
      ]),
    }).sale;
    assert.deepEqual(
      sale.chains.map((c) => [c.chainId, c.contract, c.confirmations]),
      [
        [31337, `0x${"11".repeat(20)}`, 1],
        [31338, `0x${"22".repeat(20)}`, 1],
      ],
      "the first ethereum-network chain is primary",
    );
    assert.deepEqual([sale.voucherTtlSeconds, sale.marginSeconds, sale.authorizePerMinute, sale.ipPerMinute, sale.sweepIntervalMs], [300, 60, 10, 60, 5000]);
    const tuned = readConfig({
      VOUCHER_TTL_SECONDS: "1",
      RESERVATION_MARGIN_SECONDS: "0",
      MINT_AUTHORIZE_PER_MINUTE: "2",
      MINT_IP_PER_MINUTE: "3",
      RESERVATION_SWEEP_MS: "100",
    }).sale;
    assert.deepEqual([tuned.voucherTtlSeconds, tuned.marginSeconds, tuned.authorizePerMinute, tuned.ipPerMinute, tuned.sweepIntervalMs], [1, 0, 2, 3, 100]);
    assert.throws(
      () => readConfig({ PIXLINGS_INDEXER_CHAINS: "[{" }),
      /Invalid API environment \(see \.env\.example\):\n {2}PIXLINGS_INDEXER_CHAINS is not JSON/,
    );
    assert.throws(
      () => readConfig({ PIXLINGS_INDEXER_CHAINS: JSON.stringify([{ chainId: 5, rpcUrl: "http://127.0.0.1:1", address: `0x${"11".repeat(20)}` }]) }),
      /PIXLINGS_INDEXER_CHAINS: Chain 5 is not supported/,
    );
    assert.throws(
      () => readConfig({ VOUCHER_TTL_SECONDS: "0", MINT_SIGNER_PRIVATE_KEY: "0x12" }),
      /VOUCHER_TTL_SECONDS[\s\S]*MINT_SIGNER_PRIVATE_KEY|MINT_SIGNER_PRIVATE_KEY[\s\S]*VOUCHER_TTL_SECONDS/,
    );
  });

  it("refuses an indexer lag allowance that reaches a sale chain's finality depth", () => {
    const chains = JSON.stringify([
      { chainId: 31337, address: `0x${"11".repeat(20)}` },
      { chainId: 31338, address: `0x${"22".repeat(20)}` },
    ]);
    const depth = CHAINS[31337].finalityBlocks;
    const lagOf = (lag: number): number =>
      readConfig({ PIXLINGS_INDEXER_CHAINS: chains, SALE_MAX_INDEXER_LAG_BLOCKS: String(lag) }).sale.holds.maxIndexerLagBlocks;
    assert.equal(lagOf(depth - 1), depth - 1);
    assert.throws(
      () => lagOf(depth),
      new RegExp(`SALE_MAX_INDEXER_LAG_BLOCKS: ${depth} must be below Local Ethereum's finality depth \\(${depth} blocks\\)[^]*Local Polygon's`),
    );
  });

  it("trusts X-Forwarded-For only from the proxies named in API_TRUST_PROXY, or none", () => {
    assert.equal(readConfig({}).trustProxy, undefined);
    assert.equal(readConfig({ API_TRUST_PROXY: "none" }).trustProxy, undefined);
    assert.equal(readConfig({ API_TRUST_PROXY: "1" }).trustProxy, 1);
    assert.equal(readConfig({ API_TRUST_PROXY: "loopback, 10.0.0.0/8, ::1" }).trustProxy, "loopback,10.0.0.0/8,::1");
    for (const bad of ["true", "false", "*", "proxy.example", "10.0.0.0/8/1", "none,loopback"]) {
      assert.throws(() => readConfig({ API_TRUST_PROXY: bad }), /API_TRUST_PROXY: must be a hop count.*or none/, bad);
    }
  });
});

const { SIGNER } = PRODUCTION_SECRETS;
const SERVER_RPC = "https://eth-sepolia.g.alchemy.com/v2/server-key-not-for-browsers";
const sepoliaOnSale = (): string => JSON.stringify([{ chainId: 11155111, rpcUrl: SERVER_RPC, address: `0x${"33".repeat(20)}` }]);
const localOnSale = (): string => JSON.stringify([{ chainId: 31337, rpcUrl: "http://127.0.0.1:40123", address: `0x${"11".repeat(20)}` }]);
const without = (name: keyof typeof PRODUCTION): Record<string, string> => Object.fromEntries(Object.entries(PRODUCTION).filter(([key]) => key !== name));

describe("readConfig: production rules", () => {
  it("apply with NODE_ENV=production: one error lists every problem", () => {
    assert.throws(
      () => readConfig({ NODE_ENV: "production", API_PORT: "70000" }),
      (error: Error) =>
        /^Invalid API environment \(see \.env\.example\):\n/.test(error.message) &&
        /API_PORT/.test(error.message) &&
        /MINT_SIGNER_PRIVATE_KEY: must be set/.test(error.message) &&
        /SESSION_SECRET: must be set/.test(error.message) &&
        /SIWE_DOMAIN: must be set/.test(error.message) &&
        /SIWE_URI: must be set/.test(error.message) &&
        /API_TRUST_PROXY: must be set.*or none/.test(error.message) &&
        /Production rules apply \(NODE_ENV=production\)/.test(error.message),
    );
  });

  it("apply whenever a chain on sale is not local, whatever NODE_ENV says", () => {
    for (const NODE_ENV of [undefined, "development", "test"]) {
      assert.throws(
        () => readConfig({ ...(NODE_ENV ? { NODE_ENV } : {}), PIXLINGS_INDEXER_CHAINS: sepoliaOnSale() }),
        (error: Error) =>
          /MINT_SIGNER_PRIVATE_KEY: must be set/.test(error.message) &&
          /SESSION_SECRET: must be set/.test(error.message) &&
          /Production rules apply \(chain 11155111 \(Sepolia Testnet\) is not local\)/.test(error.message),
        String(NODE_ENV),
      );
    }
    // With every rule met the config is read, strictly.
    const config = readConfig({ PIXLINGS_INDEXER_CHAINS: sepoliaOnSale(), ...PRODUCTION });
    assert.equal(config.productionRules, true);
    assert.equal(config.secureCookies, true);
    assert.equal(config.sale.signerKey, SIGNER);
    assert.deepEqual([config.sale.chains[0]?.chainId, config.sale.chains[0]?.local, config.sale.chains[0]?.confirmations], [11155111, false, 2]);
  });

  it("refuses each rule on its own", () => {
    for (const name of Object.keys(PRODUCTION) as (keyof typeof PRODUCTION)[]) {
      assert.throws(() => readConfig({ NODE_ENV: "production", ...without(name) }), new RegExp(`\\n  ${name}: must be set`), name);
      assert.throws(() => readConfig({ NODE_ENV: "production", ...without(name), [name]: "" }), new RegExp(`\\n  ${name}: must be set`), `${name} empty`);
    }
    assert.throws(
      () => readConfig({ NODE_ENV: "production", ...PRODUCTION, SESSION_SECRET: DEV_SESSION_SECRET }),
      /SESSION_SECRET: must be set .*not the development default/,
    );
  });

  it("refuses every public dev key, in any case, as the voucher key", () => {
    for (const [role, key] of Object.entries(DEV_KEYS)) {
      for (const variant of [key, `0x${key.slice(2).toUpperCase()}`]) {
        assert.throws(
          () => readConfig({ PIXLINGS_INDEXER_CHAINS: sepoliaOnSale(), ...PRODUCTION, MINT_SIGNER_PRIVATE_KEY: variant }),
          /MINT_SIGNER_PRIVATE_KEY: is a public dev key/,
          role,
        );
      }
    }
    // ...and a dev key used as a secret.
    assert.throws(() => readConfig({ NODE_ENV: "production", ...PRODUCTION, SESSION_SECRET: DEV_KEYS.owner }), /SESSION_SECRET: is a public dev key/);
  });

  it("takes an art-admin key (Approve & Replace) of its own: no dev key under the production rules, none at all means off", () => {
    assert.throws(
      () => readConfig({ PIXLINGS_INDEXER_CHAINS: sepoliaOnSale(), ...PRODUCTION, ART_ADMIN_PRIVATE_KEY: DEV_KEYS.artAdmin }),
      /ART_ADMIN_PRIVATE_KEY: is a public dev key/,
    );
    assert.throws(() => readConfig({ ART_ADMIN_PRIVATE_KEY: "0x12" }), /ART_ADMIN_PRIVATE_KEY/);
    assert.throws(() => readConfig({ ART_REPLACE_WORKER: "maybe" }), /ART_REPLACE_WORKER: must be "on" or "off"/);
    assert.throws(() => readConfig({ ART_REPLACE_MAX_ATTEMPTS: "0", ART_REPLACE_RETRY_MS: "5" }), /ART_REPLACE_MAX_ATTEMPTS[\s\S]*ART_REPLACE_RETRY_MS/);
    assert.deepEqual(readConfig({ ART_REPLACE_MAX_ATTEMPTS: "3", ART_REPLACE_RETRY_MS: "50" }).artReplaceRetry, { maxAttempts: 3, retryMs: 50 });
    const own = `0x${"ab".repeat(32)}` as const;
    const production = readConfig({ PIXLINGS_INDEXER_CHAINS: sepoliaOnSale(), ...PRODUCTION, ART_ADMIN_PRIVATE_KEY: own, ART_REPLACE_WORKER: "off" });
    assert.deepEqual([production.artAdminKey, production.artReplaceWorker], [own, false]);
    const local = readConfig({ PIXLINGS_INDEXER_CHAINS: localOnSale() });
    assert.deepEqual([local.artAdminKey, local.artReplaceWorker, local.artReplaceRetry], [undefined, true, { maxAttempts: 6, retryMs: 1000 }]);
    assert.equal(readConfig({ PIXLINGS_INDEXER_CHAINS: localOnSale(), ART_ADMIN_PRIVATE_KEY: DEV_KEYS.artAdmin }).artAdminKey, DEV_KEYS.artAdmin);
  });

  it("do not apply to local chains in development: dev signer and secret, plain cookies", () => {
    const config = readConfig({ PIXLINGS_INDEXER_CHAINS: localOnSale() });
    assert.equal(config.productionRules, false);
    assert.equal(config.secureCookies, false);
    assert.equal(config.sale.signerKey, DEV_SIGNER_KEY);
    assert.equal(DEV_SIGNER_KEY, DEV_KEYS.signer, "the local voucher signer is not the owner");
    assert.equal(config.sessionSecret, DEV_SESSION_SECRET);
  });
});

describe("readConfig: only the API's own variables", () => {
  it("ignores every other variable: the deployer's key never reaches the config", () => {
    const env = { DEPLOYER_PRIVATE_KEY: DEV_KEYS.owner, PIXLINGS_OWNER: `0x${"11".repeat(20)}`, API_PORT: "4001" };
    assert.equal(readConfig(env).port, 4001);
    assert.deepEqual(pickApiEnv(env), { API_PORT: "4001" });
    // A dev key in a variable the API does not read is not the API's business (the deployer's is checked at deploy).
    assert.doesNotThrow(() => readConfig({ NODE_ENV: "production", ...PRODUCTION, DEPLOYER_PRIVATE_KEY: DEV_KEYS.owner }));
  });

  it("knows the variables that pick its chains (as the indexer reads them) and their public RPC URLs", () => {
    for (const name of [
      "PIXLINGS_INDEXER_CHAINS",
      "LOCAL_ETHEREUM_RPC_PORT",
      "LOCAL_POLYGON_RPC_PORT",
      "SEPOLIA_RPC_URL",
      "AMOY_RPC_URL",
      "SEPOLIA_PUBLIC_RPC_URL",
      "AMOY_PUBLIC_RPC_URL",
    ]) {
      assert.ok(API_ENV_NAMES.includes(name), name);
    }
    assert.ok(!API_ENV_NAMES.includes("DEPLOYER_PRIVATE_KEY"));
    assert.throws(
      () => readConfig({ LOCAL_POLYGON_RPC_PORT: "x", SEPOLIA_PUBLIC_RPC_URL: "ftp://x", AMOY_RPC_URL: "not a url" }),
      (error: Error) =>
        /LOCAL_POLYGON_RPC_PORT/.test(error.message) &&
        /SEPOLIA_PUBLIC_RPC_URL: must be an http\(s\) URL/.test(error.message) &&
        /AMOY_RPC_URL/.test(error.message),
    );
  });

  it("gives browsers public RPC URLs: the configured one, else viem's; a local chain's own loopback URL", () => {
    const chains = JSON.stringify([
      { chainId: 11155111, rpcUrl: SERVER_RPC, address: `0x${"33".repeat(20)}` },
      { chainId: 80002, rpcUrl: "https://polygon-amoy.g.alchemy.com/v2/another-server-key", address: `0x${"44".repeat(20)}` },
      { chainId: 31337, rpcUrl: "http://127.0.0.1:40123", address: `0x${"11".repeat(20)}` },
    ]);
    const publicUrls = (env: Record<string, string>) =>
      readConfig({ ...PRODUCTION, PIXLINGS_INDEXER_CHAINS: chains, ...env }).sale.chains.map((c) => [c.chainId, c.publicRpcUrl]);
    assert.deepEqual(publicUrls({}), [
      [11155111, CHAINS[11155111].chain.rpcUrls.default.http[0]],
      [31337, "http://127.0.0.1:40123"],
      [80002, CHAINS[80002].chain.rpcUrls.default.http[0]],
    ]);
    assert.deepEqual(publicUrls({ SEPOLIA_PUBLIC_RPC_URL: "https://rpc.sepolia.example", AMOY_PUBLIC_RPC_URL: "https://rpc.amoy.example" }), [
      [11155111, "https://rpc.sepolia.example"],
      [31337, "http://127.0.0.1:40123"],
      [80002, "https://rpc.amoy.example"],
    ]);
  });
});
