import path from "node:path";
import type { z } from "zod";
import type { Address, Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { CHAIN_IDS, type ChainId } from "@pixlings/shared/chains";
import {
  DEFAULT_API_PORT,
  DEFAULT_VIEWS_SCHEMA,
  defaultIndexerUrl,
  defaultLocalGoogleIssuer,
  LOCAL_GOOGLE_CLIENT_ID,
  LOCAL_GOOGLE_DEV_CLIENT_SECRET,
  LOOPBACK,
  PRINTFUL_API_URL,
} from "@pixlings/shared/defaults";
import { REPO_ROOT } from "@pixlings/shared/node/paths";
import { readActivityConfig, type ActivityConfig } from "../activity/activityConfig.ts";
import { readCustodyConfig, type CustodyConfig } from "./custodyConfig.ts";
import { DEV_SIGNER_KEY, lagProblems, readSaleChains, readSaleConfig, type ConfiguredSaleChain, type SaleConfig } from "../sale/saleConfig.ts";
import type { ShopInfo } from "@pixlings/shared/http/shop";
import { readShopConfig } from "../shop/shopConfig.ts";
import { runsWorker, type ProcessRole } from "./processRole.ts";
import { CARD_RESERVATION_TTL_DEFAULT, CARD_UNPAID_HOLD_DEFAULT, EnvSchema, isLiveStripeKey, pickApiEnv, PRINTFUL_QUOTAS, type ApiEnv } from "./envSchema.ts";
import { keysApartProblems } from "./keysApart.ts";
import { DEV_SESSION_SECRET, productionProblems, productionRulesReason } from "./productionRules.ts";
import { readMemoryConfig, type MemoryConfig } from "./memoryConfig.ts";

export { DEV_SESSION_SECRET } from "./productionRules.ts";

export interface ApiConfig {
  /** What this process does (config/processRole.ts): a `web` process's config holds no minter, custody or art-admin key. */
  role: ProcessRole;
  nodeEnv: "development" | "production" | "test";
  /**
   * Whether the production rules apply (productionRules.ts): NODE_ENV=production or any chain on
   * sale that is not local. The config was refused unless they hold; cookies are Secure.
   */
  productionRules: boolean;
  /** Port to listen on; 0 picks a free one. */
  port: number;
  host: string;
  /** METRICS_PORT: the operator's port on loopback (/metrics, /api/health, /api/ready); undefined: none. 0 picks a free one. */
  metricsPort: number | undefined;
  /**
   * Express's "trust proxy" (hop count, or addresses/subnets such as `loopback`): whose
   * X-Forwarded-For names the client IP for rate limits. Undefined (unset or `none`): the socket's
   * address.
   */
  trustProxy: number | string | undefined;
  logLevel: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
  /** Postgres connection string; when undefined the API uses embedded PGlite in `pgliteDir`. */
  databaseUrl: string | undefined;
  pgliteDir: string;
  /** What the API keeps in memory, each bounded (docs/api.md, Memory). */
  memory: MemoryConfig;
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
  /** Whether the session cookie carries `Secure` (under the production rules). */
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
  /** Google sign-in (OpenID Connect): by default the local stand-in (`@pixlings/local-google`). */
  oidc: {
    issuer: string;
    clientId: string;
    clientSecret: string;
    /** Where the provider sends the browser back: `{site origin}/api/auth/google/callback` unless set. */
    redirectUri: string;
  };
  /** Origins whose browser requests may change state with the session cookie (CSRF check). */
  siteOrigins: readonly string[];
  /** ADMIN_EMAILS, lower-cased: these verified emails are admins (published with this process's role lists). */
  adminEmails: ReadonlySet<string>;
  /** ARTIST_EMAILS: the verified email that acts as an artist (by slug, `*` for all). */
  artistEmails: readonly { email: string; slug: string }[];
  /** FREEMINT_FAILED_GUESSES_PER_HOUR: unknown freemint codes the whole site may be sent an hour. */
  freemintFailedGuessesPerHour: number;
  /** Card payments through Stripe; undefined (not configured) unless STRIPE_SECRET_KEY is set. */
  card: CardConfig | undefined;
  /** The minter and custody keys of card and freemint sales; undefined: those sales are off. */
  custody: CustodyConfig | undefined;
  /**
   * CARD_TRANSFER_HOLD_SECONDS (default 72 h): how long after its payment a card Pix stays in
   * custody before Mint to Wallet may move it (a chargeback usually comes within days). Freemint
   * Pix have none.
   */
  cardTransferHoldSeconds: number;
  /** The live activity stream's limits. */
  activity: ActivityConfig;
  /** Merch previews through Printful; undefined (not configured) unless PRINTFUL_API_TOKEN is set. */
  merch: MerchConfig | undefined;
  /**
   * ART_ADMIN_PRIVATE_KEY: writes approved submissions on every chain (`replaceArt`, ROLE_ART_ADMIN,
   * never the owner: checked at start). Undefined: Approve & Replace is off (503 `art_admin_off`).
   */
  artAdminKey: Hex | undefined;
  /**
   * Approve & Replace is on when defined: the art-admin key's address, or ART_ADMIN_ADDRESS in a
   * web process (it queues the jobs a worker sends).
   */
  artAdminAddress: Address | undefined;
  /** ART_REPLACE_WORKER (default on): whether this process advances Approve & Replace jobs (off: another process does). */
  artReplaceWorker: boolean;
  /**
   * How one chain's `replaceArt` job retries a failed try (an RPC away, a refused send):
   * ART_REPLACE_MAX_ATTEMPTS tries (default 6) before it is shown failed, the first retry after
   * ART_REPLACE_RETRY_MS (default 1000), each next one 4x longer, at most 5 min (as order jobs).
   */
  artReplaceRetry: { maxAttempts: number; retryMs: number };
  /** The operator, the support contact and the terms' figures (SHOP_*; development defaults, refused by the production rules). */
  shop: ShopInfo;
}

export interface MerchConfig {
  /** The Printful store's private token. */
  token: string;
  /** Printful's API (https://api.printful.com), or the local stand-in's URL. */
  apiUrl: string;
  /** Where Printful's product pictures and mockups are served from: the CSP lets the page show images from them. */
  imageOrigins: readonly string[];
  /** Mockups one user may start per minute: at most a third of the store's quota (PRINTFUL_MOCKUPS_PER_MINUTE). */
  mockupsPerUserPerMinute: number;
  /** Calls to Printful one user may cause per minute (mockups and task checks): a third of PRINTFUL_REQUESTS_PER_MINUTE. */
  printfulCallsPerUserPerMinute: number;
  /** The origin Printful downloads a Pix image from: the site's own (SIWE_URI), never a request's. */
  pixOrigin: string;
}

/** Where Printful serves catalogue pictures and generated mockups. */
const PRINTFUL_IMAGE_ORIGINS = ["https://files.cdn.printful.com", "https://printful-upload.s3-accelerate.amazonaws.com"];

export interface CardConfig {
  secretKey: string;
  /** Handed to browsers for Stripe.js; undefined when only the server side is set up. */
  publishableKey: string | undefined;
  /** Verifies `Stripe-Signature` on POST /api/stripe/webhook. */
  webhookSecret: string;
  /** Where the SDK connects (the local stand-in); undefined: Stripe itself. */
  apiUrl: string | undefined;
  /** How long a card order may hold its ids in all, once its card was submitted (processing, 3D Secure). */
  reservationTtlSeconds: number;
  /** How long an order holds its ids until a card is submitted (sale/expireCardOrders.ts). */
  unpaidHoldSeconds: number;
  /** Whether the keys are live ones (sk_live_/rk_live_): every PaymentIntent paid for an order must say the same. */
  livemode: boolean;
}

/** The cooling-off before a card Pix may leave custody, unless CARD_TRANSFER_HOLD_SECONDS says otherwise: 72 h. */
const DEFAULT_CARD_TRANSFER_HOLD_SECONDS = 72 * 3600;

/**
 * Reads and validates the API's configuration from its own variables of `env` (EnvSchema's; any
 * other is ignored, and for `role` web the worker's keys too). Throws one error listing every
 * problem, the production rules' included.
 */
export function readConfig(env: ApiEnv = process.env, role: ProcessRole = "all"): ApiConfig {
  const known = pickApiEnv(env, role);
  const result = EnvSchema.safeParse(known);
  const problems = result.success ? [] : result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
  let chains: ConfiguredSaleChain[] = [];
  try {
    chains = readSaleChains(known);
  } catch (error) {
    problems.push((error as Error).message);
  }
  if (result.success) problems.push(...lagProblems(known, chains));
  const rules = productionRulesReason(known.NODE_ENV, chains);
  const custody = result.success
    ? readCustodyConfig(known, {
        productionRules: rules !== undefined,
        cardPayments: result.data.STRIPE_SECRET_KEY !== undefined,
        holdsKeys: runsWorker(role),
      })
    : { custody: undefined, problems: [] };
  problems.push(...custody.problems);
  const devCustody = custody.custody?.explicit === false ? custody.custody : undefined;
  problems.push(
    ...keysApartProblems(known, {
      MINT_SIGNER_PRIVATE_KEY: DEV_SIGNER_KEY,
      MINTER_PRIVATE_KEY: devCustody?.keys?.minterKey,
      CUSTODY_PRIVATE_KEY: devCustody?.keys?.custodyKey,
    }),
  );
  const shop = result.success ? readShopConfig(known, rules !== undefined) : undefined;
  const refused = rules === undefined ? [] : [...productionProblems(known), ...(shop?.problems ?? [])];
  if (!result.success || problems.length > 0 || refused.length > 0) {
    const lines = [...problems, ...refused].map((line) => `  ${line}`);
    const why = refused.length > 0 ? `\nProduction rules apply (${rules}).` : "";
    throw new Error(`Invalid API environment (see .env.example):\n${lines.join("\n")}${why}`);
  }
  const e = result.data;
  const nodeEnv = e.NODE_ENV ?? "development";
  const productionRules = rules !== undefined;
  const apiPort = e.API_PORT ?? DEFAULT_API_PORT;
  const host = e.API_HOST ?? LOOPBACK;
  const uri = e.SIWE_URI ?? `http://${e.SIWE_DOMAIN ?? `${LOOPBACK}:${apiPort}`}`;
  const fromRoot = (p: string): string => path.resolve(REPO_ROOT, p);
  const siteOrigin = new URL(uri).origin;
  const redirectUri = e.OIDC_REDIRECT_URI ?? `${siteOrigin}/api/auth/google/callback`;
  const artAdminKey = e.ART_ADMIN_PRIVATE_KEY as Hex | undefined;
  return {
    role,
    nodeEnv,
    productionRules,
    port: apiPort,
    host,
    metricsPort: e.METRICS_PORT,
    trustProxy: e.API_TRUST_PROXY,
    logLevel: e.LOG_LEVEL ?? (nodeEnv === "test" ? "silent" : "info"),
    databaseUrl: e.DATABASE_URL,
    pgliteDir: fromRoot(e.API_PGLITE_DIR ?? ".pixlings/api-db"),
    memory: readMemoryConfig(e),
    catalogueFile: fromRoot(e.API_CATALOGUE_FILE ?? ".pixlings/art/catalogue.json"),
    indexerUrl: (e.INDEXER_URL ?? defaultIndexerUrl()).replace(/\/+$/, ""),
    indexerDatabaseUrl: e.INDEXER_DATABASE_URL,
    // Where Ponder puts its views is the indexer's setting (same .env), unless told otherwise.
    indexerViewsSchema: e.INDEXER_VIEWS_SCHEMA ?? e.DATABASE_VIEWS_SCHEMA ?? DEFAULT_VIEWS_SCHEMA,
    webDistDir: fromRoot(e.WEB_DIST_DIR ?? "web/dist"),
    sale: readSaleConfig(known, chains),
    usdPerCoin: { ETH: e.USD_PER_ETH ?? 2400, POL: e.USD_PER_POL ?? 0.25 },
    sessionSecret: e.SESSION_SECRET ?? DEV_SESSION_SECRET,
    sessionTtlSeconds: (e.SESSION_TTL_HOURS ?? 24 * 7) * 3600,
    secureCookies: productionRules,
    siwe: {
      domain: e.SIWE_DOMAIN ?? new URL(uri).host,
      uri: new URL(uri).origin,
      chainIds: e.SIWE_CHAIN_IDS ?? CHAIN_IDS,
      nonceTtlSeconds: e.SIWE_NONCE_TTL_SECONDS ?? 300,
    },
    oidc: {
      issuer: e.OIDC_ISSUER ?? defaultLocalGoogleIssuer(),
      clientId: e.OIDC_CLIENT_ID ?? LOCAL_GOOGLE_CLIENT_ID,
      clientSecret: e.OIDC_CLIENT_SECRET ?? LOCAL_GOOGLE_DEV_CLIENT_SECRET,
      redirectUri,
    },
    siteOrigins: [...new Set([siteOrigin, new URL(redirectUri).origin])],
    adminEmails: new Set(e.ADMIN_EMAILS ?? []),
    artistEmails: e.ARTIST_EMAILS ?? [],
    freemintFailedGuessesPerHour: e.FREEMINT_FAILED_GUESSES_PER_HOUR ?? 200,
    card:
      e.STRIPE_SECRET_KEY === undefined || e.STRIPE_WEBHOOK_SECRET === undefined
        ? undefined
        : {
            secretKey: e.STRIPE_SECRET_KEY,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            apiUrl: e.STRIPE_API_URL,
            reservationTtlSeconds: e.CARD_RESERVATION_TTL_SECONDS ?? CARD_RESERVATION_TTL_DEFAULT,
            unpaidHoldSeconds: e.CARD_UNPAID_HOLD_SECONDS ?? Math.min(CARD_UNPAID_HOLD_DEFAULT, e.CARD_RESERVATION_TTL_SECONDS ?? CARD_RESERVATION_TTL_DEFAULT),
            livemode: isLiveStripeKey(e.STRIPE_SECRET_KEY),
          },
    custody: custody.custody,
    cardTransferHoldSeconds: e.CARD_TRANSFER_HOLD_SECONDS ?? DEFAULT_CARD_TRANSFER_HOLD_SECONDS,
    activity: readActivityConfig(e),
    merch: readMerchConfig(e, siteOrigin),
    artAdminKey,
    artAdminAddress: artAdminKey ? privateKeyToAccount(artAdminKey).address : runsWorker(role) ? undefined : e.ART_ADMIN_ADDRESS,
    artReplaceWorker: e.ART_REPLACE_WORKER !== "off",
    artReplaceRetry: { maxAttempts: e.ART_REPLACE_MAX_ATTEMPTS ?? 6, retryMs: e.ART_REPLACE_RETRY_MS ?? 1_000 },
    shop: (shop ?? readShopConfig(known, productionRules)).shop,
  };
}

function readMerchConfig(e: z.output<typeof EnvSchema>, siteOrigin: string): MerchConfig | undefined {
  if (e.PRINTFUL_API_TOKEN === undefined) return undefined;
  const apiUrl = (e.PRINTFUL_API_URL ?? PRINTFUL_API_URL).replace(/\/+$/, "");
  // Printful's own images come from its CDN; a stand-in serves them itself.
  const imageOrigins = e.PRINTFUL_IMAGE_ORIGINS ?? (new URL(apiUrl).origin === PRINTFUL_API_URL ? PRINTFUL_IMAGE_ORIGINS : [new URL(apiUrl).origin]);
  const third = (quota: number): number => Math.max(1, Math.floor(quota / 3));
  return {
    token: e.PRINTFUL_API_TOKEN,
    apiUrl,
    imageOrigins,
    mockupsPerUserPerMinute: e.PRINTFUL_MOCKUPS_PER_USER_PER_MINUTE ?? third(e.PRINTFUL_MOCKUPS_PER_MINUTE ?? PRINTFUL_QUOTAS.mockupsPerMinute),
    printfulCallsPerUserPerMinute: third(e.PRINTFUL_REQUESTS_PER_MINUTE ?? PRINTFUL_QUOTAS.requestsPerMinute),
    pixOrigin: siteOrigin,
  };
}
