import assert from "node:assert/strict";
import path from "node:path";
import { describe, it } from "node:test";
import { DEFAULT_LOCAL_STRIPE_PORT, LOCAL_STRIPE_DEV_SECRET_KEY, LOCAL_STRIPE_DEV_WEBHOOK_SECRET } from "@pixlings/shared/defaults";
import { readLocalStripeEnv } from "./readLocalStripeEnv.ts";

const defaults = { webhookUrl: "http://127.0.0.1:3001/api/stripe/webhook" };

describe("readLocalStripeEnv", () => {
  it("defaults to the dev keys, the caller's webhook URL and memory", () => {
    const options = readLocalStripeEnv({ LOCAL_STRIPE_PORT: "" }, defaults);
    assert.equal(options.port, DEFAULT_LOCAL_STRIPE_PORT);
    assert.equal(options.secretKey, LOCAL_STRIPE_DEV_SECRET_KEY);
    assert.deepEqual(options.webhooks.urls, [defaults.webhookUrl]);
    assert.equal(options.webhooks.secret, LOCAL_STRIPE_DEV_WEBHOOK_SECRET);
    assert.equal(options.dataDir, undefined);
    assert.equal(readLocalStripeEnv({}, { ...defaults, dataDir: "/state/stripe" }).dataDir, "/state/stripe");
  });

  it("reads every variable", () => {
    const options = readLocalStripeEnv(
      {
        LOCAL_STRIPE_PORT: "0",
        LOCAL_STRIPE_SECRET_KEY: "sk_test_mine_0123456789abcdef",
        LOCAL_STRIPE_PUBLISHABLE_KEY: "pk_test_mine_0123456789abcdef",
        LOCAL_STRIPE_WEBHOOK_SECRET: "whsec_mine_0123456789abcdef",
        LOCAL_STRIPE_WEBHOOK_URL: "http://127.0.0.1:9000/a, https://example.test/b",
        LOCAL_STRIPE_WEBHOOK_RETRY_DELAYS_MS: "10, 20,30",
        LOCAL_STRIPE_DATA_DIR: "tmp/stripe",
      },
      defaults,
    );
    assert.equal(options.port, 0);
    assert.deepEqual(
      [options.secretKey, options.publishableKey, options.webhooks.secret],
      ["sk_test_mine_0123456789abcdef", "pk_test_mine_0123456789abcdef", "whsec_mine_0123456789abcdef"],
    );
    assert.deepEqual(options.webhooks.urls, ["http://127.0.0.1:9000/a", "https://example.test/b"]);
    assert.deepEqual(options.webhooks.retryDelaysMs, [10, 20, 30]);
    assert.equal(options.dataDir, path.resolve("tmp/stripe"));
    assert.deepEqual(readLocalStripeEnv({ LOCAL_STRIPE_WEBHOOK_URL: "none" }, defaults).webhooks.urls, []);
  });

  it("names each bad variable", () => {
    for (const [name, value] of [
      ["LOCAL_STRIPE_PORT", "70000"],
      ["LOCAL_STRIPE_SECRET_KEY", "sk_live_0123456789abcdef0123"],
      ["LOCAL_STRIPE_SECRET_KEY", "pk_test_0123456789abcdef0123"],
      ["LOCAL_STRIPE_PUBLISHABLE_KEY", "pk_test_short"],
      ["LOCAL_STRIPE_WEBHOOK_SECRET", "secret"],
      ["LOCAL_STRIPE_WEBHOOK_URL", "ftp://example.test/x"],
      ["LOCAL_STRIPE_WEBHOOK_URL", ","],
      ["LOCAL_STRIPE_WEBHOOK_RETRY_DELAYS_MS", "10,-1"],
      ["LOCAL_STRIPE_WEBHOOK_RETRY_DELAYS_MS", "soon"],
    ] as const) {
      assert.throws(() => readLocalStripeEnv({ [name]: value }, defaults), new RegExp(`Invalid local Stripe environment[\\s\\S]*${name}`), `${name}=${value}`);
    }
  });
});
