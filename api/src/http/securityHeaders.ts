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
  const set = new Map<string, string>();
  let failure: unknown;
  const recorder = {
    setHeader(name: string, value: string) {
      set.set(name, value);
    },
    removeHeader(name: string) {
      set.delete(name);
    },
  };
  let finished = false;
  helmet(options)({} as never, recorder as never, (error?: unknown) => {
    failure = error;
    finished = true;
  });
  // Helmet is synchronous; a directive computed per request (a function) would not be: refused here.
  if (!finished || failure !== undefined) throw new Error(`helmet's headers are not static for these options: ${String(failure)}`);
  const list = [...set].flat();
  return {
    list,
    middleware: (_req, res, next) => {
      for (let i = 0; i < list.length; i += 2) res.setHeader(list[i]!, list[i + 1]!);
      res.removeHeader("X-Powered-By");
      next();
    },
  };
}
