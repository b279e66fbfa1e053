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
