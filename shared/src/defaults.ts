/**
 * Where the stack listens by default, all on loopback; every port is overridable by env
 * (API_PORT, PIXLINGS_INDEXER_PORT, LOCAL_*_RPC_PORT in networks.ts).
 */
export const LOOPBACK = "127.0.0.1";
export const DEFAULT_API_PORT = 3001;
export const DEFAULT_INDEXER_PORT = 42069;
/** The indexer's stable views schema (Ponder's --views-schema) the API reads in views mode. */
export const DEFAULT_VIEWS_SCHEMA = "pixlings";

export const defaultIndexerUrl = (): string => `http://${LOOPBACK}:${DEFAULT_INDEXER_PORT}`;

/** The local OpenID provider standing in for Google (`@pixlings/local-google`): LOCAL_GOOGLE_PORT overrides. */
export const DEFAULT_LOCAL_GOOGLE_PORT = 3002;
export const defaultLocalGoogleIssuer = (): string => `http://${LOOPBACK}:${DEFAULT_LOCAL_GOOGLE_PORT}`;
/**
 * The one client the stand-in registers, and the API's OIDC_CLIENT_ID/OIDC_CLIENT_SECRET when unset
 * (development only: the production rules refuse this secret).
 */
export const LOCAL_GOOGLE_CLIENT_ID = "pixlings-local";
export const LOCAL_GOOGLE_DEV_CLIENT_SECRET = "pixlings-local-google-dev-secret-not-for-production";

/** The local Stripe-compatible server (`@pixlings/local-stripe`): LOCAL_STRIPE_PORT overrides. */
export const DEFAULT_LOCAL_STRIPE_PORT = 12111;
/**
 * The stand-in's keys and webhook signing secret, and the API's STRIPE_* when `npm start` runs the
 * stand-in (development only, public: the production rules must refuse them).
 */
export const LOCAL_STRIPE_DEV_SECRET_KEY = "sk_test_pixlings_local_stripe_dev_key_not_for_production";
export const LOCAL_STRIPE_DEV_PUBLISHABLE_KEY = "pk_test_pixlings_local_stripe_dev_key_not_for_production";
export const LOCAL_STRIPE_DEV_WEBHOOK_SECRET = "whsec_pixlings_local_stripe_dev_secret_not_for_production";
/** Where the API will receive Stripe's webhooks (the stand-in's default destination under `npm start`). */
export const STRIPE_WEBHOOK_PATH = "/api/stripe/webhook";

/** The local Printful-compatible server (`@pixlings/local-printful`): LOCAL_PRINTFUL_PORT overrides. */
export const DEFAULT_LOCAL_PRINTFUL_PORT = 3003;
/**
 * The stand-in's API token, and the API's PRINTFUL_API_TOKEN when `npm start` runs the stand-in
 * (development only, public: the production rules refuse it).
 */
export const LOCAL_PRINTFUL_DEV_TOKEN = "pixlings-local-printful-dev-token-not-for-production";
/** Printful's REST API: where the API's client goes unless PRINTFUL_API_URL says otherwise. */
export const PRINTFUL_API_URL = "https://api.printful.com";
