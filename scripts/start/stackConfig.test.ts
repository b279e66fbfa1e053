import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { DEV_KEYS } from "@pixlings/shared/devAccounts";
import { apiEnv, readStackConfig } from "./stackConfig.ts";

describe("apiEnv", () => {
  const indexer = { url: "http://127.0.0.1:42070", chainsJson: "[]", views: undefined };

  it("points the API at Ponder over HTTP when the indexer runs on PGlite", async () => {
    const config = await readStackConfig({ API_PORT: "3005" });
    const env = apiEnv(config, indexer, {});
    assert.equal(env.INDEXER_URL, "http://127.0.0.1:42070");
    assert.equal(env.INDEXER_DATABASE_URL, undefined);
    assert.equal(env.SIWE_URI, "http://127.0.0.1:3005");
  });

  it("has the API read the indexer's views when Ponder writes to Postgres, unless told otherwise", async () => {
    const config = await readStackConfig({});
    const views = { databaseUrl: "postgres://u@127.0.0.1:5433/pix", schema: "pixlings" };
    const env = apiEnv(config, { ...indexer, views }, {});
    assert.equal(env.INDEXER_DATABASE_URL, views.databaseUrl);
    assert.equal(env.INDEXER_VIEWS_SCHEMA, "pixlings");
    assert.equal(env.INDEXER_URL, "http://127.0.0.1:42070", "still there for Ponder's /status");
    assert.equal(apiEnv(config, { ...indexer, views }, { INDEXER_DATABASE_URL: "postgres://other/db" }).INDEXER_DATABASE_URL, "postgres://other/db");
  });

  it("hands the API only its own variables and the process basics: never the deployer's key", async () => {
    const config = await readStackConfig({});
    const parent = {
      PATH: "/usr/bin",
      HOME: "/home/pix",
      DEPLOYER_PRIVATE_KEY: DEV_KEYS.owner,
      PIXLINGS_OWNER: "0x1111111111111111111111111111111111111111",
      PIXLINGS_STATE_DIR: ".pixlings",
      AWS_SECRET_ACCESS_KEY: "aws",
      MINT_SIGNER_PRIVATE_KEY: `0x${"42".repeat(32)}`,
      SESSION_SECRET: "s".repeat(32),
      SEPOLIA_PUBLIC_RPC_URL: "https://rpc.sepolia.example",
      NODE_ENV: "development",
    };
    const env = apiEnv(config, indexer, parent);
    for (const name of ["DEPLOYER_PRIVATE_KEY", "PIXLINGS_OWNER", "PIXLINGS_STATE_DIR", "AWS_SECRET_ACCESS_KEY"]) assert.equal(env[name], undefined, name);
    assert.ok(!Object.values(env).includes(DEV_KEYS.owner));
    for (const name of ["PATH", "HOME", "MINT_SIGNER_PRIVATE_KEY", "SESSION_SECRET", "SEPOLIA_PUBLIC_RPC_URL", "NODE_ENV"] as const)
      assert.equal(env[name], parent[name], name);
    assert.equal(env.PIXLINGS_INDEXER_CHAINS, indexer.chainsJson);
    assert.equal(env.ART_ADMIN_PRIVATE_KEY, DEV_KEYS.artAdmin);
  });

  it("lets a developer move a card Pix to a wallet at once (no cooling-off) unless CARD_TRANSFER_HOLD_SECONDS says otherwise", async () => {
    const config = await readStackConfig({});
    assert.equal(apiEnv(config, indexer, {}).CARD_TRANSFER_HOLD_SECONDS, "0");
    assert.equal(apiEnv(config, indexer, { CARD_TRANSFER_HOLD_SECONDS: "" }).CARD_TRANSFER_HOLD_SECONDS, "0");
    assert.equal(apiEnv(config, indexer, { CARD_TRANSFER_HOLD_SECONDS: "600" }).CARD_TRANSFER_HOLD_SECONDS, "600");
  });

  it("points Google sign-in at the local stand-in, with its admin and artist accounts, unless OIDC_ISSUER names a real provider", async () => {
    const config = await readStackConfig({ LOCAL_GOOGLE_PORT: "3999", LOCAL_GOOGLE_CLIENT_SECRET: "my-own-local-secret-123" });
    assert.equal(config.localGoogle?.issuer, "http://127.0.0.1:3999");
    const env = apiEnv(config, indexer, {});
    assert.equal(env.OIDC_ISSUER, "http://127.0.0.1:3999");
    assert.equal(env.OIDC_CLIENT_SECRET, "my-own-local-secret-123");
    assert.equal(env.ADMIN_EMAILS, "admin@pixlings.test");
    assert.equal(env.ARTIST_EMAILS, "artist@pixlings.test:*");
    assert.equal(apiEnv(config, indexer, { ADMIN_EMAILS: "me@example.test" }).ADMIN_EMAILS, "me@example.test");

    const google = { OIDC_ISSUER: "https://accounts.google.com", OIDC_CLIENT_ID: "id", OIDC_CLIENT_SECRET: "secret" };
    const real = await readStackConfig(google);
    assert.equal(real.localGoogle, undefined);
    const realEnv = apiEnv(real, indexer, google);
    assert.deepEqual([realEnv.OIDC_ISSUER, realEnv.OIDC_CLIENT_ID, realEnv.OIDC_CLIENT_SECRET, realEnv.ADMIN_EMAILS], [...Object.values(google), undefined]);
  });

  it("runs card payments through the local Stripe stand-in unless STRIPE_SECRET_KEY names another key", async () => {
    const config = await readStackConfig({ API_PORT: "3005", LOCAL_STRIPE_PORT: "12999", PIXLINGS_STATE_DIR: "/tmp/pix-state" });
    assert.equal(config.localStripe?.url, "http://127.0.0.1:12999");
    assert.deepEqual(config.localStripe?.webhooks.urls, ["http://127.0.0.1:3005/api/stripe/webhook"]);
    assert.equal(config.localStripe?.dataDir, "/tmp/pix-state/stripe");
    const env = apiEnv(config, indexer, {});
    assert.equal(env.STRIPE_API_URL, "http://127.0.0.1:12999");
    assert.deepEqual(
      [env.STRIPE_SECRET_KEY, env.STRIPE_PUBLISHABLE_KEY, env.STRIPE_WEBHOOK_SECRET],
      [config.localStripe?.secretKey, config.localStripe?.publishableKey, config.localStripe?.webhooks.secret],
    );
    assert.match(env.STRIPE_SECRET_KEY ?? "", /^sk_test_/);
    const sameKey = await readStackConfig({ STRIPE_SECRET_KEY: env.STRIPE_SECRET_KEY });
    assert.ok(sameKey.localStripe, "the stand-in's own key still means the stand-in");

    const real = await readStackConfig({ STRIPE_SECRET_KEY: "sk_test_51RealAccountKey" });
    assert.equal(real.localStripe, undefined);
    assert.equal(apiEnv(real, indexer, {}).STRIPE_API_URL, undefined);
    await assert.rejects(readStackConfig({ LOCAL_STRIPE_WEBHOOK_SECRET: "not-a-secret" }), /LOCAL_STRIPE_WEBHOOK_SECRET/);
  });

  it("runs merch previews through the local Printful stand-in unless PRINTFUL_API_TOKEN names another token", async () => {
    const config = await readStackConfig({ LOCAL_PRINTFUL_PORT: "12998" });
    assert.equal(config.localPrintful?.url, "http://127.0.0.1:12998");
    const env = apiEnv(config, indexer, {});
    assert.deepEqual([env.PRINTFUL_API_URL, env.PRINTFUL_API_TOKEN], ["http://127.0.0.1:12998", config.localPrintful?.token]);
    assert.equal((await readStackConfig({ LOCAL_PRINTFUL_PORT: "0" })).localPrintful?.port !== 0, true, "a free port, known before it starts");
    assert.ok((await readStackConfig({ PRINTFUL_API_TOKEN: env.PRINTFUL_API_TOKEN })).localPrintful, "the stand-in's own token still means the stand-in");

    const real = await readStackConfig({ PRINTFUL_API_TOKEN: "a-real-printful-store-token-0123" });
    assert.equal(real.localPrintful, undefined);
    assert.equal(apiEnv(real, indexer, {}).PRINTFUL_API_URL, undefined);
    await assert.rejects(readStackConfig({ LOCAL_PRINTFUL_TOKEN: "short" }), /LOCAL_PRINTFUL_TOKEN/);
  });
});
