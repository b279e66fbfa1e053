import { pino, type Logger } from "pino";
import type { ApiConfig } from "../config/readConfig.ts";

export type { Logger };

/** Structured JSON logs (pino) on stdout; `silent` in tests unless LOG_LEVEL says otherwise. */
export function createLogger(config: Pick<ApiConfig, "logLevel">): Logger {
  return pino({ name: "pixlings-api", level: config.logLevel });
}
