import assert from "node:assert/strict";
import { after, describe, it } from "node:test";
import { startTestApi, type TestApi } from "@pixlings/test-kit/api";
import { readConfig } from "../config/readConfig.ts";
import { cardCspDirectives } from "./contentSecurityPolicy.ts";

const STRIPE = { STRIPE_SECRET_KEY: "sk_test_abc", STRIPE_PUBLISHABLE_KEY: "pk_test_abc", STRIPE_WEBHOOK_SECRET: "whsec_abc" };
const card = (env: Record<string, string>) => readConfig({ NODE_ENV: "test", ...env }).card;

/** The policy's directives by name, each with its sources. */
function directives(header: string | null): Map<string, string[]> {
  return new Map(
    (header ?? "")
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe("the Content-Security-Policy for card checkout", () => {
  it("opens nothing without card payments, or without a key for the browser", () => {
    assert.deepEqual(cardCspDirectives(card({})), {});
    assert.deepEqual(cardCspDirectives(card({ STRIPE_SECRET_KEY: "sk_test_abc", STRIPE_WEBHOOK_SECRET: "whsec_abc" })), {});
  });

  it("with real Stripe: Stripe.js's script and frames, and Stripe's API, nothing else", () => {
    assert.deepEqual(cardCspDirectives(card(STRIPE)), {
      scriptSrc: ["'self'", "https://js.stripe.com", "https://*.js.stripe.com"],
      frameSrc: ["https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com"],
      connectSrc: ["'self'", "https://api.stripe.com"],
    });
  });

  it("with the local stand-in: only its origin to confirm at (the page's own form, no Stripe.js)", () => {
    assert.deepEqual(cardCspDirectives(card({ ...STRIPE, STRIPE_API_URL: "http://127.0.0.1:12111/some/path" })), {
      connectSrc: ["'self'", "http://127.0.0.1:12111"],
    });
  });

  describe("as the API sends it", () => {
    const apis: TestApi[] = [];
    after(() => Promise.all(apis.map((api) => api.close())));
    const policy = async (env: Record<string, string>): Promise<Map<string, string[]>> => {
      const api = await startTestApi(env, { seedCatalogue: false });
      apis.push(api);
      return directives((await fetch(`${api.url}/api/health`)).headers.get("content-security-policy"));
    };

    // The stand-in's policy is exercised in a browser by test/e2e/card.spec.ts (a blocked confirm would fail it).
    it("keeps helmet's strict defaults and adds Stripe's sources to them", async () => {
      const stripe = await policy(STRIPE);
      assert.deepEqual(stripe.get("default-src"), ["'self'"]);
      assert.deepEqual(stripe.get("script-src"), ["'self'", "https://js.stripe.com", "https://*.js.stripe.com"]);
      assert.deepEqual(stripe.get("frame-src"), ["https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com"]);
      assert.deepEqual(stripe.get("connect-src"), ["'self'", "https://api.stripe.com"]);
      assert.deepEqual(stripe.get("script-src-attr"), ["'none'"]);
      assert.deepEqual(stripe.get("object-src"), ["'none'"]);
      assert.deepEqual(stripe.get("frame-ancestors"), ["'self'"]);
    });
  });
});
