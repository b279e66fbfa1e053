import { isIP } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { CHAIN_IDS, isChainId, type ChainId } from "@pixlings/shared/chains";
import { DEFAULT_VIEWS_SCHEMA } from "../../../indexer/lib/run-plan.ts";
import { readSaleConfig, SaleEnvSchema, type SaleConfig } from "../mint/saleConfig.ts";

type RawEnv = Readonly<Record<string, string | undefined>>;

/** The repository root (api/src/config/../../..). */
export const REPO_ROOT: string = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "..");

/** Used when SESSION_SECRET is unset; refused in production. */
export const DEV_SESSION_SECRET = "pixlings-dev-session-secret-do-not-use-in-production";

export interface ApiConfig {
  nodeEnv: "development" | "production" | "test";
  /** Port to listen on; 0 picks a free one. */
  port: number;
  host: string;
  /**
   * Express's "trust proxy" (hop count, or addresses/subnets such as `loopback`): whose
   * X-Forwarded-For names the client IP for rate limits. Undefined: the socket's address.
   */
  trustProxy: number | string | undefined;
  logLevel: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
  /** Postgres connection string; when undefined the API uses embedded PGlite in `pgliteDir`. */
  databaseUrl: string | undefined;
  pgliteDir: string;
  /** The art generator's catalogue.json, seeded into the database at start. */
  catalogueFile: string;
  /** Base URL of the Ponder indexer (its `/sql` endpoint serves @ponder/client). */
  indexerUrl: string;
  /**
   * When set, the indexer's tables are read from this Postgres (Ponder's views schema) instead of
   * over HTTP at `indexerUrl` (which still answers /status).
   */
  indexerDatabaseUrl: string | undefined;
  indexerViewsSchema: string;
  /** The built web app (`vite build` output) served at `/`, when it exists. */
  webDistDir: string;
  /** Crypto sales: chains, voucher signer, reservation timing, rate limits. */
  sale: SaleConfig;
  /** USD per coin, for the USD column of GET /api/crypto-prices. */
  usdPerCoin: { ETH: number; POL: number };
  sessionSecret: string;
  sessionTtlSeconds: number;
  /** Whether the session cookie carries `Secure` (production). */
  secureCookies: boolean;
  siwe: {
    /** EIP-4361 `domain`: the host (and port) the site is served from. */
    domain: string;
    /** EIP-4361 `uri`: the site's origin; a message's uri must have this origin. */
    uri: string;
    /** Chain ids a message may name. */
    chainIds: readonly ChainId[];
    nonceTtlSeconds: number;
  };
}

/** Empty values count as unset, so `FOO=` in `.env` falls back to the default. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

const SQL_IDENTIFIER = /^[a-z_][a-z0-9_]*$/;
const port = z.coerce.number().int().min(0).max(65535);
const positiveInt = z.coerce.number().int().positive();

const chainIdList = z.string().transform((raw, ctx): ChainId[] => {
  const parts = raw.split(",").map((part) => part.trim()).filter((part) => part !== "");
  const ids = parts.map(Number).filter(isChainId);
  if (parts.length === 0 || ids.length !== parts.length) {
    ctx.addIssue({ code: "custom", message: `must be a comma-separated list of chain ids Pixlings knows (${CHAIN_IDS.join(", ")})` });
    return z.NEVER;
  }
  return ids;
});

const PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);
const isProxyAddress = (part: string): boolean => {
  const [ip = "", bits, ...rest] = part.split("/");
  return PROXY_NAMES.has(part) || (isIP(ip) !== 0 && rest.length === 0 && (bits === undefined || /^\d{1,3}$/.test(bits)));
};
/** Express "trust proxy": a hop count, or proxies by address, subnet or name (never "any proxy"). */
const trustProxy = z.string().transform((raw, ctx): number | string => {
  if (/^\d+$/.test(raw)) return Number(raw);
  const parts = raw.split(",").map((part) => part.trim());
  if (parts.every(isProxyAddress)) return parts.join(",");
  ctx.addIssue({ code: "custom", message: "must be a hop count or comma-separated proxy addresses, subnets or loopback/linklocal/uniquelocal" });
  return z.NEVER;
});

const EnvSchema = SaleEnvSchema.extend({
  NODE_ENV: optional(z.enum(["development", "production", "test"])),
  API_PORT: optional(port),
  API_HOST: optional(z.string().min(1)),
  API_TRUST_PROXY: optional(trustProxy),
  LOG_LEVEL: optional(z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])),
  DATABASE_URL: optional(z.url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// or postgresql:// URL" })),
  API_PGLITE_DIR: optional(z.string().min(1)),
  API_CATALOGUE_FILE: optional(z.string().min(1)),
  INDEXER_DATABASE_URL: optional(z.url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// or postgresql:// URL" })),
  INDEXER_VIEWS_SCHEMA: optional(z.string().regex(SQL_IDENTIFIER, "must be a lowercase SQL identifier")),
  // The indexer's own variable: checked only when the API reads the views (below).
  DATABASE_VIEWS_SCHEMA: optional(z.string()),
  INDEXER_URL: optional(z.url({ protocol: /^https?$/, error: "must be an http(s) URL" })),
  WEB_DIST_DIR: optional(z.string().min(1)),
  USD_PER_ETH: optional(z.coerce.number().positive("must be a positive number")),
  USD_PER_POL: optional(z.coerce.number().positive("must be a positive number")),
  SESSION_SECRET: optional(z.string().min(32, "must be at least 32 characters")),
  SESSION_TTL_HOURS: optional(positiveInt),
  SIWE_DOMAIN: optional(z.string().regex(/^[^\s/]+$/, "must be a host with optional port, e.g. localhost:3001")),
  SIWE_URI: optional(z.url({ protocol: /^https?$/, error: "must be an http(s) URL" })),
  SIWE_CHAIN_IDS: optional(chainIdList),
  SIWE_NONCE_TTL_SECONDS: optional(positiveInt.max(3600)),
}).superRefine((e, ctx) => {
  if (e.INDEXER_DATABASE_URL && !e.INDEXER_VIEWS_SCHEMA && e.DATABASE_VIEWS_SCHEMA && !SQL_IDENTIFIER.test(e.DATABASE_VIEWS_SCHEMA)) {
    ctx.addIssue({ code: "custom", path: ["DATABASE_VIEWS_SCHEMA"], message: "must be a lowercase SQL identifier for the API to read its views" });
  }
});

/**
 * Reads and validates the API's configuration from the environment.
 * Throws one error listing every bad variable; refuses production without a real SESSION_SECRET.
 */
export function readConfig(env: RawEnv = process.env): ApiConfig {
  const result = EnvSchema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid API environment (see .env.example):\n${problems.join("\n")}`);
  }
  const e = result.data;
  const nodeEnv = e.NODE_ENV ?? "development";
  const production = nodeEnv === "production";
  if (production && (e.SESSION_SECRET === undefined || e.SESSION_SECRET === DEV_SESSION_SECRET)) {
    throw new Error("Invalid API environment: SESSION_SECRET must be set to a random secret (32+ characters) in production");
  }
  const apiPort = e.API_PORT ?? 3001;
  const host = e.API_HOST ?? "127.0.0.1";
  const uri = e.SIWE_URI ?? `http://${e.SIWE_DOMAIN ?? `127.0.0.1:${apiPort}`}`;
  const fromRoot = (p: string): string => path.resolve(REPO_ROOT, p);
  return {
    nodeEnv,
    port: apiPort,
    host,
    trustProxy: e.API_TRUST_PROXY,
    logLevel: e.LOG_LEVEL ?? (nodeEnv === "test" ? "silent" : "info"),
    databaseUrl: e.DATABASE_URL,
    pgliteDir: fromRoot(e.API_PGLITE_DIR ?? ".pixlings/api-db"),
    catalogueFile: fromRoot(e.API_CATALOGUE_FILE ?? ".pixlings/art/catalogue.json"),
    indexerUrl: (e.INDEXER_URL ?? "http://127.0.0.1:42069").replace(/\/+$/, ""),
    indexerDatabaseUrl: e.INDEXER_DATABASE_URL,
    // Where Ponder puts its views is the indexer's setting (same .env), unless told otherwise.
    indexerViewsSchema: e.INDEXER_VIEWS_SCHEMA ?? e.DATABASE_VIEWS_SCHEMA ?? DEFAULT_VIEWS_SCHEMA,
    webDistDir: fromRoot(e.WEB_DIST_DIR ?? "web/dist"),
    sale: readSaleConfig(env, production),
    usdPerCoin: { ETH: e.USD_PER_ETH ?? 2400, POL: e.USD_PER_POL ?? 0.25 },
    sessionSecret: e.SESSION_SECRET ?? DEV_SESSION_SECRET,
    sessionTtlSeconds: (e.SESSION_TTL_HOURS ?? 24 * 7) * 3600,
    secureCookies: production,
    siwe: {
      domain: e.SIWE_DOMAIN ?? new URL(uri).host,
      uri: new URL(uri).origin,
      chainIds: e.SIWE_CHAIN_IDS ?? CHAIN_IDS,
      nonceTtlSeconds: e.SIWE_NONCE_TTL_SECONDS ?? 300,
    },
  };
}
