import { pino, type DestinationStream, type Logger } from "pino";
import type { ApiConfig } from "../config/readConfig.ts";
import { currentRequestId } from "./requestContext.ts";

export type { Logger };

/**
 * Structured JSON logs (pino) on stdout; `silent` in tests unless LOG_LEVEL says otherwise. A line
 * written while serving a request carries its `requestId` (logging/requestContext.ts). `destination`:
 * where lines go instead of stdout (a test reading them).
 */
export function createLogger(config: Pick<ApiConfig, "logLevel">, destination?: DestinationStream): Logger {
  const options = {
    name: "pixlings-api",
    level: config.logLevel,
    mixin: () => {
      const requestId = currentRequestId();
      return requestId === undefined ? {} : { requestId };
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
