import { isIP } from "node:net";
import { z } from "zod";
import { CHAIN_IDS, isChainId, type ChainId } from "@pixlings/shared/chains";
import { NETWORK_NAMES, NETWORKS } from "@pixlings/shared/networks";
import { address, optional, port, privateKey, type Env } from "@pixlings/shared/env";
import { ActivityEnvSchema } from "../activity/activityConfig.ts";
import { CustodyEnvSchema } from "./custodyConfig.ts";
import { SaleEnvSchema } from "../sale/saleConfig.ts";
import { PROCESS_ROLES, runsWorker, WORKER_KEY_NAMES, type ProcessRole } from "./processRole.ts";
import { ShopEnvSchema } from "../shop/shopConfig.ts";

/** A card order's whole time, and the part of it an order holds its ids before a card is submitted (seconds). */
export const CARD_RESERVATION_TTL_DEFAULT = 15 * 60;
export const CARD_UNPAID_HOLD_DEFAULT = 300;

const SQL_IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/** Printful's per-minute limits of one store (token) by default: requests, and mockup tasks on top. */
export const PRINTFUL_QUOTAS = { requestsPerMinute: 120, mockupsPerMinute: 10 } as const;
/** The longest cooling-off before a card Pix may leave custody: 180 days (card networks allow disputes for about 120). */
const MAX_TRANSFER_HOLD_SECONDS = 180 * 24 * 3600;

/** A Stripe key of live mode (real money), secret, restricted or publishable. */
export const isLiveStripeKey = (key: string): boolean => /^(sk|rk|pk)_live_/.test(key);

const positiveInt = z.coerce.number().int().positive();
const httpUrl = z.url({ protocol: /^https?$/, error: "must be an http(s) URL" });
const postgresUrl = z.url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// or postgresql:// URL" });

const chainIdList = z.string().transform((raw, ctx): ChainId[] => {
  const parts = raw
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "");
  const ids = parts.map(Number).filter(isChainId);
  if (parts.length === 0 || ids.length !== parts.length) {
    ctx.addIssue({ code: "custom", message: `must be a comma-separated list of chain ids Pixlings knows (${CHAIN_IDS.join(", ")})` });
    return z.NEVER;
  }
  return ids;
});

/** Comma-separated http(s) origins (scheme, host, port; no path). */
const originList = z.string().transform((raw, ctx): string[] => {
  const parts = raw
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "");
  const origins = parts.map((part) => (URL.canParse(part) && /^https?:$/.test(new URL(part).protocol) ? new URL(part).origin : undefined));
  if (parts.length === 0 || origins.some((origin, i) => origin === undefined || origin !== parts[i]!.replace(/\/$/, ""))) {
    ctx.addIssue({ code: "custom", message: "must be comma-separated http(s) origins, e.g. https://files.cdn.printful.com" });
    return z.NEVER;
  }
  return origins as string[];
});

const email = z.email();
const emailList = z.string().transform((raw, ctx): string[] => {
  const emails = raw
    .split(",")
    .map((part) => part.trim().toLowerCase())
    .filter((part) => part !== "");
  if (!emails.every((e) => email.safeParse(e).success)) {
    ctx.addIssue({ code: "custom", message: "must be a comma-separated list of email addresses" });
    return z.NEVER;
  }
  return emails;
});

/** `email:slug` pairs, comma-separated; slug `*` is every artist. */
const artistEmails = z.string().transform((raw, ctx): { email: string; slug: string }[] => {
  const pairs = raw
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "")
    .map((part) => {
      const at = part.lastIndexOf(":");
      return { email: part.slice(0, at).trim().toLowerCase(), slug: part.slice(at + 1).trim() };
    });
  if (!pairs.every((pair) => email.safeParse(pair.email).success && /^(\*|[a-z0-9-]+)$/.test(pair.slug))) {
    ctx.addIssue({ code: "custom", message: "must be comma-separated email:artist-slug pairs (slug * for every artist)" });
    return z.NEVER;
  }
  return pairs;
});

/** API_TRUST_PROXY's explicit "no proxy": clients connect directly, X-Forwarded-For is ignored. */
export const NO_PROXY = "none";

const PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);
const isProxyAddress = (part: string): boolean => {
  const [ip = "", bits, ...rest] = part.split("/");
  return PROXY_NAMES.has(part) || (isIP(ip) !== 0 && rest.length === 0 && (bits === undefined || /^\d{1,3}$/.test(bits)));
};
/**
 * Express "trust proxy": a hop count, or proxies by address, subnet or name (never "any proxy");
 * `none` (undefined): no proxy, the socket's address is the client's.
 */
const trustProxy = z.string().transform((raw, ctx): number | string | undefined => {
  if (raw.trim() === NO_PROXY) return undefined;
  if (/^\d+$/.test(raw)) return Number(raw);
  const parts = raw.split(",").map((part) => part.trim());
  if (parts.every(isProxyAddress)) return parts.join(",");
  ctx.addIssue({
    code: "custom",
    message: `must be a hop count, comma-separated proxy addresses, subnets or loopback/linklocal/uniquelocal, or ${NO_PROXY}`,
  });
  return z.NEVER;
});

/**
 * The variables that decide the chains on sale (as the indexer reads them, shared/src/node/indexerConfig.ts):
 * PIXLINGS_INDEXER_CHAINS, each local network's port, each public network's server RPC URL and the
 * public RPC URL browsers get instead.
 */
const chainEnvShape: Record<string, z.ZodType> = { PIXLINGS_INDEXER_CHAINS: optional(z.string()) };
for (const name of NETWORK_NAMES) {
  const network = NETWORKS[name];
  if (network.local) {
    chainEnvShape[network.portEnv] = optional(port.min(1));
  } else {
    chainEnvShape[network.rpcUrlEnv] = optional(httpUrl);
    chainEnvShape[network.publicRpcUrlEnv] = optional(httpUrl);
  }
}

/** Every variable the API reads: nothing else from the environment or `.env` reaches it. */
export const EnvSchema = SaleEnvSchema.extend({
  NODE_ENV: optional(z.enum(["development", "production", "test"])),
  API_PORT: optional(port),
  API_HOST: optional(z.string().min(1)),
  API_TRUST_PROXY: optional(trustProxy),
  // The operator's port on loopback (/metrics, health, ready); unset: none.
  METRICS_PORT: optional(port),
  // Read by config/processRole.ts (the command's argument wins); listed so `.env` may set it.
  PIXLINGS_ROLE: optional(z.enum(PROCESS_ROLES, { error: `must be one of ${PROCESS_ROLES.join(", ")}` })),
  LOG_LEVEL: optional(z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])),
  DATABASE_URL: optional(postgresUrl),
  API_PGLITE_DIR: optional(z.string().min(1)),
  API_PGLITE_SHARED_BUFFERS_MB: optional(positiveInt.max(4096)),
  API_SESSION_CACHE_MB: optional(positiveInt.max(4096)),
  API_PNG_CACHE_MB: optional(positiveInt.max(4096)),
  API_COMPRESSED_CACHE_MB: optional(positiveInt.max(4096)),
  API_CATALOGUE_FILE: optional(z.string().min(1)),
  INDEXER_DATABASE_URL: optional(postgresUrl),
  INDEXER_VIEWS_SCHEMA: optional(z.string().regex(SQL_IDENTIFIER, "must be a lowercase SQL identifier")),
  // The indexer's own variable: checked only when the API reads the views (below).
  DATABASE_VIEWS_SCHEMA: optional(z.string()),
  INDEXER_URL: optional(httpUrl),
  WEB_DIST_DIR: optional(z.string().min(1)),
  USD_PER_ETH: optional(z.coerce.number().positive("must be a positive number")),
  USD_PER_POL: optional(z.coerce.number().positive("must be a positive number")),
  SESSION_SECRET: optional(z.string().min(32, "must be at least 32 characters")),
  SESSION_TTL_HOURS: optional(positiveInt),
  SIWE_DOMAIN: optional(z.string().regex(/^[^\s/]+$/, "must be a host with optional port, e.g. localhost:3001")),
  SIWE_URI: optional(httpUrl),
  SIWE_CHAIN_IDS: optional(chainIdList),
  SIWE_NONCE_TTL_SECONDS: optional(positiveInt.max(3600)),
  OIDC_ISSUER: optional(httpUrl),
  OIDC_CLIENT_ID: optional(z.string().min(1)),
  OIDC_CLIENT_SECRET: optional(z.string().min(1)),
  OIDC_REDIRECT_URI: optional(httpUrl),
  ADMIN_EMAILS: optional(emailList),
  ARTIST_EMAILS: optional(artistEmails),
  STRIPE_SECRET_KEY: optional(z.string().regex(/^(sk|rk)_(test|live)_\S+$/, "must be a Stripe secret key (sk_test_..., sk_live_...)")),
  STRIPE_PUBLISHABLE_KEY: optional(z.string().regex(/^pk_(test|live)_\S+$/, "must be a Stripe publishable key (pk_test_..., pk_live_...)")),
  STRIPE_WEBHOOK_SECRET: optional(z.string().regex(/^whsec_\S+$/, "must be a webhook signing secret (whsec_...)")),
  STRIPE_API_URL: optional(httpUrl),
  CARD_RESERVATION_TTL_SECONDS: optional(positiveInt.min(60).max(3600)),
  CARD_TRANSFER_HOLD_SECONDS: optional(z.coerce.number().int().min(0).max(MAX_TRANSFER_HOLD_SECONDS)),
  CARD_UNPAID_HOLD_SECONDS: optional(positiveInt.max(3600)),
  ...CustodyEnvSchema.shape,
  ...ShopEnvSchema.shape,
  PRINTFUL_API_TOKEN: optional(z.string().regex(/^[\w.-]{16,}$/, "must be a Printful API token (16 or more letters, digits, _, . or -)")),
  PRINTFUL_API_URL: optional(httpUrl),
  PRINTFUL_IMAGE_ORIGINS: optional(originList),
  PRINTFUL_MOCKUPS_PER_MINUTE: optional(positiveInt.max(100_000)),
  PRINTFUL_REQUESTS_PER_MINUTE: optional(positiveInt.max(100_000)),
  PRINTFUL_MOCKUPS_PER_USER_PER_MINUTE: optional(positiveInt.max(1000)),
  FREEMINT_FAILED_GUESSES_PER_HOUR: optional(positiveInt.max(100_000)),
  ART_ADMIN_PRIVATE_KEY: optional(privateKey),
  // A web process's "Approve & Replace is on" (it holds no art-admin key): the key's address, checked on the chains at start.
  ART_ADMIN_ADDRESS: optional(address),
  ART_REPLACE_WORKER: optional(z.enum(["on", "off"], { error: 'must be "on" or "off"' })),
  ART_REPLACE_MAX_ATTEMPTS: optional(positiveInt.max(100)),
  ART_REPLACE_RETRY_MS: optional(positiveInt.min(10).max(300_000)),
  ...ActivityEnvSchema.shape,
  ...chainEnvShape,
}).superRefine((e, ctx) => {
  // A charge whose webhook cannot be verified would never be fulfilled: both or neither.
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) {
    ctx.addIssue({ code: "custom", path: ["STRIPE_WEBHOOK_SECRET"], message: "must be set when STRIPE_SECRET_KEY is (webhooks are how an order gets paid)" });
  }
  // Live money goes to Stripe itself: never to a stand-in or anything else a URL could name.
  if (e.STRIPE_API_URL && [e.STRIPE_SECRET_KEY, e.STRIPE_PUBLISHABLE_KEY].some((key) => key !== undefined && isLiveStripeKey(key))) {
    ctx.addIssue({
      code: "custom",
      path: ["STRIPE_API_URL"],
      message: "must be unset with live Stripe keys (sk_live_, rk_live_, pk_live_): live payments go to api.stripe.com only",
    });
  }
  // The metrics name routes and queues: never on the public port.
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT !== 0 && e.METRICS_PORT === e.API_PORT) {
    ctx.addIssue({ code: "custom", path: ["METRICS_PORT"], message: "must not be API_PORT: the metrics are never served on the public port" });
  }
  // The unpaid hold is the first part of the order's time, never longer than all of it.
  if (e.CARD_UNPAID_HOLD_SECONDS !== undefined && e.CARD_UNPAID_HOLD_SECONDS > (e.CARD_RESERVATION_TTL_SECONDS ?? CARD_RESERVATION_TTL_DEFAULT)) {
    ctx.addIssue({
      code: "custom",
      path: ["CARD_UNPAID_HOLD_SECONDS"],
      message: "must not be longer than CARD_RESERVATION_TTL_SECONDS (the order's whole time)",
    });
  }
  // One user gets at most a third of the store's Printful mockup quota.
  const perUserCap = Math.max(1, Math.floor((e.PRINTFUL_MOCKUPS_PER_MINUTE ?? PRINTFUL_QUOTAS.mockupsPerMinute) / 3));
  if (e.PRINTFUL_MOCKUPS_PER_USER_PER_MINUTE !== undefined && e.PRINTFUL_MOCKUPS_PER_USER_PER_MINUTE > perUserCap) {
    ctx.addIssue({
      code: "custom",
      path: ["PRINTFUL_MOCKUPS_PER_USER_PER_MINUTE"],
      message: `must be at most ${perUserCap}: a third of the store's Printful quota (PRINTFUL_MOCKUPS_PER_MINUTE, ${e.PRINTFUL_MOCKUPS_PER_MINUTE ?? PRINTFUL_QUOTAS.mockupsPerMinute})`,
    });
  }
  if (e.INDEXER_DATABASE_URL && !e.INDEXER_VIEWS_SCHEMA && e.DATABASE_VIEWS_SCHEMA && !SQL_IDENTIFIER.test(e.DATABASE_VIEWS_SCHEMA)) {
    ctx.addIssue({ code: "custom", path: ["DATABASE_VIEWS_SCHEMA"], message: "must be a lowercase SQL identifier for the API to read its views" });
  }
});

/** The names of every variable the API reads (EnvSchema's keys). */
export const API_ENV_NAMES: readonly string[] = Object.keys(EnvSchema.shape);

export type ApiEnv = Env;

/**
 * Only the API's own variables of `env` (a copy): the rest (the deployer's key, ...) stays out, and
 * for a web process the worker's keys too (WORKER_KEY_NAMES: never parsed, never held).
 */
export function pickApiEnv(env: ApiEnv, role: ProcessRole = "all"): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const name of API_ENV_NAMES) {
    if (!runsWorker(role) && WORKER_KEY_NAMES.includes(name)) continue;
    const value = env[name];
    if (value !== undefined) picked[name] = value;
  }
  return picked;
}
