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
