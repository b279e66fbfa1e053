import type { RequestHandler } from "express";
import { HttpError } from "./HttpError.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF defence for every state-changing request (the session cookie is SameSite=Lax, which
 * already keeps it off cross-site POSTs in current browsers; this is the second lock): a browser
 * request whose `Origin` is not one of the site's origins (or the host it was sent to), or that
 * `Sec-Fetch-Site` marks cross-site, answers 403 `{ message }`. Requests with neither header
 * (curl, server-to-server) are not from a browser page and pass.
 */
export function sameSiteOnly(siteOrigins: readonly string[]): RequestHandler {
  const allowed = new Set(siteOrigins);
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.headers.origin;
    if (origin !== undefined) {
      const host = req.headers.host;
      let sameHost = false;
      try {
        sameHost = host !== undefined && new URL(origin).host === host;
      } catch {
        sameHost = false;
      }
      if (!allowed.has(origin) && !sameHost) throw new HttpError(403, `Cross-site request refused: ${origin.slice(0, 100)} is not this site`);
      return next();
    }
    const site = req.headers["sec-fetch-site"];
    if (site === "cross-site" || site === "same-site") throw new HttpError(403, "Cross-site request refused");
    next();
  };
}
