import { z } from "zod";
import { DEFAULT_LOCAL_PRINTFUL_PORT, LOCAL_PRINTFUL_DEV_TOKEN } from "@pixlings/shared/defaults";
import { intAtLeast, optional, parseEnv, port, type Env } from "@pixlings/shared/env";
import type { LocalPrintfulOptions } from "./startLocalPrintful.ts";

/** Printful's own limits: 120 API requests and, for established stores, 10 mockup tasks a minute per token. */
export const PRINTFUL_RATE_LIMITS = { requestsPerWindow: 120, mockupsPerWindow: 10, windowMs: 60_000 } as const;
/** How long a stand-in mockup task stays pending at least. */
const DEFAULT_PENDING_MS = 500;

const LocalPrintfulEnvSchema = z.object({
  LOCAL_PRINTFUL_PORT: optional(port),
  LOCAL_PRINTFUL_TOKEN: optional(z.string().regex(/^[\w-]{16,}$/, "must be 16 or more letters, digits, _ or -")),
  LOCAL_PRINTFUL_REQUESTS_PER_MINUTE: optional(intAtLeast(1)),
  LOCAL_PRINTFUL_MOCKUPS_PER_MINUTE: optional(intAtLeast(1)),
  LOCAL_PRINTFUL_PENDING_MS: optional(intAtLeast(0).max(60_000)),
});

/** The stand-in's options from its variables (all optional: the token defaults to the dev token of shared/src/defaults.ts, which the API gets too). */
export function readLocalPrintfulEnv(env: Env): LocalPrintfulOptions {
  const e = parseEnv(LocalPrintfulEnvSchema, env, "local Printful");
  return {
    port: e.LOCAL_PRINTFUL_PORT ?? DEFAULT_LOCAL_PRINTFUL_PORT,
    token: e.LOCAL_PRINTFUL_TOKEN ?? LOCAL_PRINTFUL_DEV_TOKEN,
    rateLimits: {
      requestsPerWindow: e.LOCAL_PRINTFUL_REQUESTS_PER_MINUTE ?? PRINTFUL_RATE_LIMITS.requestsPerWindow,
      mockupsPerWindow: e.LOCAL_PRINTFUL_MOCKUPS_PER_MINUTE ?? PRINTFUL_RATE_LIMITS.mockupsPerWindow,
      windowMs: PRINTFUL_RATE_LIMITS.windowMs,
    },
    minPendingMs: e.LOCAL_PRINTFUL_PENDING_MS ?? DEFAULT_PENDING_MS,
  };
}
