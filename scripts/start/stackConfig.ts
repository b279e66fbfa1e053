import { z } from "zod";
import { DEFAULT_API_PORT, DEFAULT_INDEXER_PORT, LOOPBACK, STRIPE_WEBHOOK_PATH } from "@pixlings/shared/defaults";
import { READY_ACCOUNTS } from "@pixlings/local-google/accounts";
import { readLocalGoogleEnv } from "@pixlings/local-google/readLocalGoogleEnv";
import type { LocalGoogleOptions } from "@pixlings/local-google/startLocalGoogle";
import { readLocalStripeEnv } from "@pixlings/local-stripe/readLocalStripeEnv";
import type { LocalStripeOptions } from "@pixlings/local-stripe/startLocalStripe";
import { readLocalPrintfulEnv } from "@pixlings/local-printful/readLocalPrintfulEnv";
import type { LocalPrintfulOptions } from "@pixlings/local-printful/startLocalPrintful";
import type { Env } from "@pixlings/shared/env";
import { DEV_KEYS } from "@pixlings/shared/devAccounts";
import { pickApiEnv } from "@pixlings/api/config";
import { freePort } from "../chains/freePort.ts";
import { stackDirs, type StackDirs } from "../paths.ts";

/** Where the stack's API and indexer listen, and where its state lives. */
/** Where the indexer's views are when it writes to Postgres (DATABASE_URL), for the API to read them directly. */
export interface IndexerViews {
  databaseUrl: string;
  schema: string;
}

export interface StackConfig {
  apiHost: string;
  apiPort: number;
  /** What `Pixlings ready:` prints: the API's origin (the web app is served from it too). */
  apiUrl: string;
  indexerPort: number;
  /**
   * The local Google stand-in (LOCAL_GOOGLE_* variables; its redirect URIs come from the API's env),
   * or undefined when OIDC_ISSUER names a real provider.
   */
  localGoogle: (Omit<LocalGoogleOptions, "redirectUris"> & { issuer: string }) | undefined;
  /**
   * The local Stripe stand-in (LOCAL_STRIPE_* variables; webhooks to the API's STRIPE_WEBHOOK_PATH,
   * state in dirs.stripe), or undefined when STRIPE_SECRET_KEY names another key (Stripe itself).
   */
  localStripe: (LocalStripeOptions & { url: string }) | undefined;
  /**
   * The local Printful stand-in (LOCAL_PRINTFUL_* variables), or undefined when PRINTFUL_API_TOKEN
   * names another token (Printful itself).
   */
  localPrintful: (LocalPrintfulOptions & { url: string }) | undefined;
  dirs: StackDirs;
}

const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

const StackEnvSchema = z.object({
  API_HOST: optional(z.string().min(1)),
  API_PORT: optional(z.coerce.number().int().min(0).max(65535)),
  PIXLINGS_INDEXER_PORT: optional(z.coerce.number().int().min(1).max(65535)),
  OIDC_ISSUER: optional(z.string()),
  STRIPE_SECRET_KEY: optional(z.string()),
  PRINTFUL_API_TOKEN: optional(z.string()),
});

/** A host a browser can reach: a wildcard bind address is shown as loopback. */
function reachableHost(host: string): string {
  if (host === "0.0.0.0" || host === "::") return "127.0.0.1";
  return host.includes(":") ? `[${host}]` : host;
}

export async function readStackConfig(env: Env = process.env): Promise<StackConfig> {
  const result = StackEnvSchema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid environment (see .env.example):\n${problems.join("\n")}`);
  }
  const apiHost = result.data.API_HOST ?? "127.0.0.1";
  // Port 0 would leave SIWE's domain unknown until the API listens: pick the port here instead.
  const apiPort = result.data.API_PORT === 0 ? await freePort() : (result.data.API_PORT ?? DEFAULT_API_PORT);
  let localGoogle: StackConfig["localGoogle"];
  if (!result.data.OIDC_ISSUER) {
    const { redirectUris: _, ...options } = readLocalGoogleEnv(env);
    // Its issuer URL must be known before it starts (the API's env names it).
    const port = options.port === 0 ? await freePort() : options.port;
    localGoogle = { ...options, port, issuer: `http://${LOOPBACK}:${port}` };
  }
  const apiUrl = `http://${reachableHost(apiHost)}:${apiPort}`;
  const dirs = stackDirs(env);
  let localStripe: StackConfig["localStripe"];
  const stripeOptions = readLocalStripeEnv(env, { webhookUrl: `${apiUrl}${STRIPE_WEBHOOK_PATH}`, dataDir: dirs.stripe });
  const secretKey = result.data.STRIPE_SECRET_KEY;
  if (secretKey === undefined || secretKey === stripeOptions.secretKey) {
    // Its URL must be known before it starts (the API's env names it).
    const port = stripeOptions.port === 0 ? await freePort() : stripeOptions.port;
    localStripe = { ...stripeOptions, port, url: `http://${LOOPBACK}:${port}` };
  }
  let localPrintful: StackConfig["localPrintful"];
  const printfulOptions = readLocalPrintfulEnv(env);
  const printfulToken = result.data.PRINTFUL_API_TOKEN;
  if (printfulToken === undefined || printfulToken === printfulOptions.token) {
    // Its URL must be known before it starts (the API's env names it).
    const port = printfulOptions.port === 0 ? await freePort() : printfulOptions.port;
    localPrintful = { ...printfulOptions, port, url: `http://${LOOPBACK}:${port}` };
  }
  return {
    apiHost,
    apiPort,
    apiUrl,
    indexerPort: result.data.PIXLINGS_INDEXER_PORT ?? DEFAULT_INDEXER_PORT,
    localGoogle,
    localStripe,
    localPrintful,
    dirs,
  };
}

/** What Node itself and the OS may need in any process (no keys, no secrets). */
const PROCESS_ENV_NAMES = ["PATH", "HOME", "TMPDIR", "TZ", "LANG", "LC_ALL", "NODE_OPTIONS", "NODE_EXTRA_CA_CERTS"];

/**
 * The API's environment: only the variables the API reads (its config schema's) and the process
 * basics, so the deployer's key and other secrets never reach it; ports and directories that agree
 * with the rest of the stack. When the indexer writes to Postgres (DATABASE_URL), the API reads its
 * views there rather than over HTTP.
 */
export function apiEnv(
  config: StackConfig,
  indexer: { url: string; chainsJson: string; views: IndexerViews | undefined },
  env: Env = process.env,
): NodeJS.ProcessEnv {
  const origin = new URL(config.apiUrl);
  const basics = Object.fromEntries(PROCESS_ENV_NAMES.filter((name) => env[name] !== undefined).map((name) => [name, env[name]]));
  const out: NodeJS.ProcessEnv = {
    ...basics,
    ...pickApiEnv(env),
    // One process, both roles (HTTP and the worker's loops), whatever `.env` names for a deployment.
    PIXLINGS_ROLE: "all",
    API_HOST: config.apiHost,
    API_PORT: String(config.apiPort),
    INDEXER_URL: indexer.url,
    ...(indexer.views && !env.INDEXER_DATABASE_URL ? { INDEXER_DATABASE_URL: indexer.views.databaseUrl, INDEXER_VIEWS_SCHEMA: indexer.views.schema } : {}),
    PIXLINGS_INDEXER_CHAINS: indexer.chainsJson,
    API_PGLITE_DIR: env.API_PGLITE_DIR || config.dirs.apiDb,
    SIWE_DOMAIN: env.SIWE_DOMAIN || (env.SIWE_URI ? new URL(env.SIWE_URI).host : origin.host),
    SIWE_URI: env.SIWE_URI || origin.origin,
    // Approve & Replace writes art with the dev art-admin key, which the deploy grants on the local chains.
    ART_ADMIN_PRIVATE_KEY: env.ART_ADMIN_PRIVATE_KEY || DEV_KEYS.artAdmin,
    // Request logs of every image would drown the console; LOG_LEVEL=info shows them.
    LOG_LEVEL: env.LOG_LEVEL || "warn",
    // A developer moves a card Pix to a wallet at once; the 72 h cooling-off is production's default.
    CARD_TRANSFER_HOLD_SECONDS: env.CARD_TRANSFER_HOLD_SECONDS || "0",
    // Google sign-in through the local stand-in, whose admin and artist accounts are what they say.
    ...(config.localGoogle
      ? {
          OIDC_ISSUER: config.localGoogle.issuer,
          OIDC_CLIENT_ID: config.localGoogle.clientId,
          OIDC_CLIENT_SECRET: config.localGoogle.clientSecret,
          ADMIN_EMAILS: env.ADMIN_EMAILS || READY_ACCOUNTS.admin.email,
          ARTIST_EMAILS: env.ARTIST_EMAILS || `${READY_ACCOUNTS.artist.email}:*`,
        }
      : {}),
    // Card payments through the local Stripe stand-in: its keys, its webhook secret, its URL.
    ...(config.localStripe
      ? {
          STRIPE_SECRET_KEY: config.localStripe.secretKey,
          STRIPE_PUBLISHABLE_KEY: config.localStripe.publishableKey,
          STRIPE_WEBHOOK_SECRET: config.localStripe.webhooks.secret,
          STRIPE_API_URL: config.localStripe.url,
        }
      : {}),
    // Merch previews through the local Printful stand-in: its token, its URL.
    ...(config.localPrintful ? { PRINTFUL_API_TOKEN: config.localPrintful.token, PRINTFUL_API_URL: config.localPrintful.url } : {}),
  };
  return out;
}
