import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { DEV_KEYS } from "@pixlings/shared/devAccounts";
import { LOCAL_STRIPE_DEV_PUBLISHABLE_KEY, LOCAL_STRIPE_DEV_SECRET_KEY, LOCAL_STRIPE_DEV_WEBHOOK_SECRET } from "@pixlings/shared/defaults";
import { PRODUCTION } from "@pixlings/test-kit/apiEnv";
import { readConfig } from "./readConfig.ts";

describe("readConfig: card payments", () => {
  const keys = { STRIPE_SECRET_KEY: "sk_test_abc", STRIPE_PUBLISHABLE_KEY: "pk_test_abc", STRIPE_WEBHOOK_SECRET: "whsec_abc" };

  it("are not configured without a secret key", () => {
    assert.equal(readConfig({}).card, undefined);
    assert.equal(readConfig({ STRIPE_PUBLISHABLE_KEY: "pk_test_abc" }).card, undefined);
  });

  it("are configured by the secret key and webhook secret, the card hold 15 min and the unpaid hold 300 s unless set", () => {
    assert.deepEqual(readConfig({ ...keys, STRIPE_API_URL: "http://127.0.0.1:12111" }).card, {
      secretKey: "sk_test_abc",
      publishableKey: "pk_test_abc",
      webhookSecret: "whsec_abc",
      apiUrl: "http://127.0.0.1:12111",
      reservationTtlSeconds: 900,
      unpaidHoldSeconds: 300,
      livemode: false,
    });
    assert.equal(readConfig({ ...keys, CARD_RESERVATION_TTL_SECONDS: "120" }).card?.reservationTtlSeconds, 120);
    // Unset, the unpaid hold is never longer than the order's whole time.
    assert.equal(readConfig({ ...keys, CARD_RESERVATION_TTL_SECONDS: "120" }).card?.unpaidHoldSeconds, 120);
    assert.equal(readConfig({ ...keys, CARD_UNPAID_HOLD_SECONDS: "5" }).card?.unpaidHoldSeconds, 5);
  });

  it("refuse an unpaid hold longer than the order's time, or not a positive whole number of seconds", () => {
    assert.throws(
      () => readConfig({ ...keys, CARD_RESERVATION_TTL_SECONDS: "600", CARD_UNPAID_HOLD_SECONDS: "601" }),
      /CARD_UNPAID_HOLD_SECONDS: must not be longer than CARD_RESERVATION_TTL_SECONDS/,
    );
    assert.throws(() => readConfig({ ...keys, CARD_UNPAID_HOLD_SECONDS: "0" }), /CARD_UNPAID_HOLD_SECONDS/);
    assert.throws(() => readConfig({ ...keys, CARD_UNPAID_HOLD_SECONDS: "1.5" }), /CARD_UNPAID_HOLD_SECONDS/);
  });

  it("expect live PaymentIntents of live keys only", () => {
    assert.equal(readConfig({ ...keys, STRIPE_SECRET_KEY: "sk_live_abc" }).card?.livemode, true);
    assert.equal(readConfig({ ...keys, STRIPE_SECRET_KEY: "rk_live_abc" }).card?.livemode, true);
    assert.equal(readConfig(keys).card?.livemode, false);
  });

  it("hold a card Pix in custody 72 h after its payment unless CARD_TRANSFER_HOLD_SECONDS says otherwise (0: none)", () => {
    assert.equal(readConfig({}).cardTransferHoldSeconds, 259_200);
    assert.equal(readConfig({ CARD_TRANSFER_HOLD_SECONDS: "0" }).cardTransferHoldSeconds, 0);
    assert.equal(readConfig({ CARD_TRANSFER_HOLD_SECONDS: "" }).cardTransferHoldSeconds, 259_200);
    for (const bad of ["-1", "1.5", "soon", String(181 * 24 * 3600)]) {
      assert.throws(() => readConfig({ CARD_TRANSFER_HOLD_SECONDS: bad }), /CARD_TRANSFER_HOLD_SECONDS/, bad);
    }
  });

  it("refuse STRIPE_API_URL with live keys, in development too: live money goes to Stripe itself", () => {
    for (const live of [{ STRIPE_SECRET_KEY: "sk_live_abc" }, { STRIPE_SECRET_KEY: "rk_live_abc" }, { STRIPE_PUBLISHABLE_KEY: "pk_live_abc" }]) {
      for (const url of ["http://127.0.0.1:12111", "https://stripe-proxy.example"]) {
        assert.throws(
          () => readConfig({ ...keys, ...live, STRIPE_API_URL: url }),
          /STRIPE_API_URL: must be unset with live Stripe keys \(sk_live_, rk_live_, pk_live_\): live payments go to api\.stripe\.com only/,
          JSON.stringify(live),
        );
      }
      assert.ok(readConfig({ ...keys, ...live }).card, "live keys without a URL are Stripe itself");
    }
    assert.ok(readConfig({ ...keys, STRIPE_API_URL: "http://127.0.0.1:12111" }).card, "test keys may use the stand-in");
  });

  it("refuses a secret key without a webhook secret, and malformed keys", () => {
    assert.throws(() => readConfig({ STRIPE_SECRET_KEY: "sk_test_abc" }), /STRIPE_WEBHOOK_SECRET: must be set/);
    assert.throws(() => readConfig({ ...keys, STRIPE_SECRET_KEY: "pk_test_abc" }), /STRIPE_SECRET_KEY: must be a Stripe secret key/);
    assert.throws(() => readConfig({ ...keys, STRIPE_WEBHOOK_SECRET: "abc" }), /STRIPE_WEBHOOK_SECRET: must be a webhook signing secret/);
    assert.throws(() => readConfig({ ...keys, STRIPE_API_URL: "ftp://x" }), /STRIPE_API_URL/);
    assert.throws(() => readConfig({ ...keys, CARD_RESERVATION_TTL_SECONDS: "5" }), /CARD_RESERVATION_TTL_SECONDS/);
  });
});

describe("readConfig: production rules for card payments", () => {
  const custodyKeys = { MINTER_PRIVATE_KEY: `0x${"43".repeat(32)}`, CUSTODY_PRIVATE_KEY: `0x${"44".repeat(32)}` };
  const real = { STRIPE_SECRET_KEY: "sk_live_real", STRIPE_PUBLISHABLE_KEY: "pk_live_real", STRIPE_WEBHOOK_SECRET: "whsec_real", ...custodyKeys };

  it("accept an account's own keys on Stripe itself", () => {
    const config = readConfig({ NODE_ENV: "production", ...PRODUCTION, ...real });
    assert.equal(config.card?.apiUrl, undefined);
    assert.deepEqual(
      [config.custody?.keys?.minterKey, config.custody?.keys?.custodyKey, config.custody?.explicit],
      [custodyKeys.MINTER_PRIVATE_KEY, custodyKeys.CUSTODY_PRIVATE_KEY, true],
    );
  });

  it("need the minter and custody keys of their own (card Pix are minted to custody), never the dev keys", () => {
    const { MINTER_PRIVATE_KEY: _m, CUSTODY_PRIVATE_KEY: _c, ...stripeOnly } = real;
    assert.throws(
      () => readConfig({ NODE_ENV: "production", ...PRODUCTION, ...stripeOnly }),
      /MINTER_PRIVATE_KEY and CUSTODY_PRIVATE_KEY: must be set when card payments are on/,
    );
    assert.throws(
      () => readConfig({ NODE_ENV: "production", ...PRODUCTION, ...real, MINTER_PRIVATE_KEY: DEV_KEYS.minter, CUSTODY_PRIVATE_KEY: DEV_KEYS.custody }),
      (error: Error) => /MINTER_PRIVATE_KEY: is a public dev key/.test(error.message) && /CUSTODY_PRIVATE_KEY: is a public dev key/.test(error.message),
    );
    // Without card payments, custody sales are simply off in production (no dev keys by default).
    assert.equal(readConfig({ NODE_ENV: "production", ...PRODUCTION }).custody, undefined);
  });

  it("refuse the local stand-in's dev keys, each named", () => {
    assert.throws(
      () =>
        readConfig({
          NODE_ENV: "production",
          ...PRODUCTION,
          STRIPE_SECRET_KEY: LOCAL_STRIPE_DEV_SECRET_KEY,
          STRIPE_PUBLISHABLE_KEY: LOCAL_STRIPE_DEV_PUBLISHABLE_KEY,
          STRIPE_WEBHOOK_SECRET: LOCAL_STRIPE_DEV_WEBHOOK_SECRET,
        }),
      (error: Error) =>
        ["STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET"].every((name) =>
          new RegExp(`\\n  ${name}: is the local Stripe stand-in's dev value`).test(error.message),
        ),
    );
  });

  it("refuse a plain-http Stripe URL, and any Stripe URL with live keys", () => {
    const test = { ...real, STRIPE_SECRET_KEY: "sk_test_real", STRIPE_PUBLISHABLE_KEY: "pk_test_real" };
    assert.throws(
      () => readConfig({ NODE_ENV: "production", ...PRODUCTION, ...test, STRIPE_API_URL: "http://127.0.0.1:12111" }),
      /STRIPE_API_URL: must be an https URL/,
    );
    assert.throws(
      () => readConfig({ NODE_ENV: "production", ...PRODUCTION, ...real, STRIPE_API_URL: "https://stripe-proxy.example" }),
      /STRIPE_API_URL: must be unset with live Stripe keys/,
    );
  });

  it("leave the dev keys alone on local chains in development", () => {
    assert.ok(readConfig({ STRIPE_SECRET_KEY: LOCAL_STRIPE_DEV_SECRET_KEY, STRIPE_WEBHOOK_SECRET: LOCAL_STRIPE_DEV_WEBHOOK_SECRET }).card);
  });
});

describe("readConfig: custody keys", () => {
  it("default to the local dev keys on local chains (not explicit: a deployment that does not fit turns custody sales off)", () => {
    const custody = readConfig({}).custody;
    assert.deepEqual([custody?.keys?.minterKey, custody?.keys?.custodyKey, custody?.explicit], [DEV_KEYS.minter, DEV_KEYS.custody, false]);
    assert.equal(custody?.leaseMs, 20_000);
  });

  it("take both from env, never one alone", () => {
    assert.equal(readConfig({ MINTER_PRIVATE_KEY: `0x${"43".repeat(32)}`, CUSTODY_PRIVATE_KEY: `0x${"44".repeat(32)}` }).custody?.explicit, true);
    assert.throws(() => readConfig({ MINTER_PRIVATE_KEY: `0x${"43".repeat(32)}` }), /CUSTODY_PRIVATE_KEY: must be set with MINTER_PRIVATE_KEY/);
    assert.throws(() => readConfig({ CUSTODY_PRIVATE_KEY: `0x${"44".repeat(32)}` }), /MINTER_PRIVATE_KEY: must be set with CUSTODY_PRIVATE_KEY/);
    assert.throws(
      () => readConfig({ MINTER_PRIVATE_KEY: "0x12", CUSTODY_PRIVATE_KEY: `0x${"44".repeat(32)}` }),
      /MINTER_PRIVATE_KEY: must be a 0x-prefixed 32-byte hex private key/,
    );
    assert.throws(() => readConfig({ FULFILMENT_LEASE_SECONDS: "1" }), /FULFILMENT_LEASE_SECONDS/);
  });
});
