import type { RequestHandler } from "express";
import helmet, { type HelmetOptions } from "helmet";

/** Headers as name, value, name, value… in the order helmet sets them (what `writeHead` takes). */
export type HeaderList = readonly string[];

/** The page security headers, computed once, and the middleware that sets them. */
export interface SecurityHeaders {
  /** Helmet's headers for `options`, exactly as its middleware sets them. */
  list: HeaderList;
  /** Sets `list` on a response (and drops X-Powered-By), as `helmet(options)` would. */
  middleware: RequestHandler;
}

/**
 * Helmet's headers for `options`, computed once by running its middleware against a recorder:
 * with static options (no nonce, no function in a directive, as ours) they are the same on every
 * request. Helmet runs a dozen middlewares per request to set them; this sets them in one loop, and
 * a hot read (hotReads.ts) writes them with the rest of its headers at once.
 */
export function securityHeaders(options: Readonly<HelmetOptions>): SecurityHeaders {
  const csp = options.contentSecurityPolicy;
  const directives = typeof csp === "object" ? Object.values(csp.directives ?? {}) : [];
  const perRequest = (value: unknown): boolean => typeof value === "function" || (Array.isArray(value) && value.some(perRequest));
  if (directives.some(perRequest)) throw new Error("securityHeaders: a directive computed per request (a nonce) cannot be computed once");
  const set = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string) => void set.set(name, value),
    removeHeader: (name: string) => void set.delete(name),
  };
  let failure: unknown = "never finished";
  helmet(options)({} as never, recorder as never, (error?: unknown) => {
    failure = error;
  });
  if (failure !== undefined) throw new Error(`securityHeaders: helmet refused the options: ${String(failure)}`);
  const list = [...set].flat();
  return {
    list,
    middleware: (_req, res, next) => {
      for (let i = 0; i < list.length; i += 2) res.setHeader(list[i] as string, list[i + 1] as string);
      res.removeHeader("X-Powered-By");
      next();
    },
  };
}
