import path from "node:path";
import { z } from "zod";
import {
  DEFAULT_LOCAL_STRIPE_PORT,
  LOCAL_STRIPE_DEV_PUBLISHABLE_KEY,
  LOCAL_STRIPE_DEV_SECRET_KEY,
  LOCAL_STRIPE_DEV_WEBHOOK_SECRET,
} from "@pixlings/shared/defaults";
import { optional, parseEnv, port, type Env } from "@pixlings/shared/env";
import type { LocalStripeOptions } from "./startLocalStripe.ts";
import { DEFAULT_ATTEMPT_TIMEOUT_MS, DEFAULT_RETRY_DELAYS_MS } from "./webhookSender.ts";

const list = (raw: string): string[] =>
  raw
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "");

/** Comma-separated URLs, or `none` for no webhook deliveries. */
const urlList = z.string().transform((raw, ctx): string[] => {
  if (raw.trim() === "none") return [];
  const urls = list(raw);
  if (urls.length === 0 || !urls.every((url) => URL.canParse(url) && /^https?:$/.test(new URL(url).protocol))) {
    ctx.addIssue({ code: "custom", message: "must be a comma-separated list of http(s) URLs, or none" });
    return z.NEVER;
  }
  return urls;
});

const delayList = z.string().transform((raw, ctx): number[] => {
  const delays = list(raw).map(Number);
  if (!delays.every((delay) => Number.isInteger(delay) && delay >= 0 && delay <= 86_400_000)) {
    ctx.addIssue({ code: "custom", message: "must be comma-separated whole milliseconds (0 to 86400000), e.g. 1000,5000,15000" });
    return z.NEVER;
  }
  return delays;
});

const LocalStripeEnvSchema = z.object({
  LOCAL_STRIPE_PORT: optional(port),
  LOCAL_STRIPE_SECRET_KEY: optional(z.string().regex(/^sk_test_\w{16,}$/, "must be a test secret key: sk_test_ and 16 or more letters, digits or _")),
  LOCAL_STRIPE_PUBLISHABLE_KEY: optional(z.string().regex(/^pk_test_\w{16,}$/, "must be a test publishable key: pk_test_ and 16 or more letters, digits or _")),
  LOCAL_STRIPE_WEBHOOK_SECRET: optional(z.string().regex(/^whsec_\w{16,}$/, "must be a signing secret: whsec_ and 16 or more letters, digits or _")),
  LOCAL_STRIPE_WEBHOOK_URL: optional(urlList),
  LOCAL_STRIPE_WEBHOOK_RETRY_DELAYS_MS: optional(delayList),
  LOCAL_STRIPE_DATA_DIR: optional(z.string()),
});

/**
 * The stand-in's options from its variables (all optional: the keys default to the dev keys of
 * shared/src/defaults.ts, which the API gets too). `defaults` are the caller's: where webhooks go
 * and where state is kept when the variables do not say.
 */
export function readLocalStripeEnv(env: Env, defaults: { webhookUrl: string; dataDir?: string | undefined }): LocalStripeOptions {
  const e = parseEnv(LocalStripeEnvSchema, env, "local Stripe");
  const dataDir = e.LOCAL_STRIPE_DATA_DIR === undefined ? defaults.dataDir : path.resolve(e.LOCAL_STRIPE_DATA_DIR);
  return {
    port: e.LOCAL_STRIPE_PORT ?? DEFAULT_LOCAL_STRIPE_PORT,
    secretKey: e.LOCAL_STRIPE_SECRET_KEY ?? LOCAL_STRIPE_DEV_SECRET_KEY,
    publishableKey: e.LOCAL_STRIPE_PUBLISHABLE_KEY ?? LOCAL_STRIPE_DEV_PUBLISHABLE_KEY,
    webhooks: {
      urls: e.LOCAL_STRIPE_WEBHOOK_URL ?? [defaults.webhookUrl],
      secret: e.LOCAL_STRIPE_WEBHOOK_SECRET ?? LOCAL_STRIPE_DEV_WEBHOOK_SECRET,
      retryDelaysMs: e.LOCAL_STRIPE_WEBHOOK_RETRY_DELAYS_MS ?? DEFAULT_RETRY_DELAYS_MS,
      attemptTimeoutMs: DEFAULT_ATTEMPT_TIMEOUT_MS,
    },
    dataDir,
  };
}
