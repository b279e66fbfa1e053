// The API's public face, part config: what another package may read of the API's settings (the
// stack passes the API its own variables, the tests read a config like main.ts does).
export { pickApiEnv } from "../config/envSchema.ts";
export { type ApiConfig, readConfig } from "../config/readConfig.ts";
