import type { RequestHandler } from "express";
import type { Logger } from "pino";
import { FREEMINT_CODE_PREFIX, normalizeFreemintCode } from "@pixlings/shared/freemintCode";

const PREFIX = FREEMINT_CODE_PREFIX.replace("-", "").toLowerCase();

/** Whether a path segment reads as a whole freemint code (with its prefix, as codes are printed). */
function isFreemintCode(segment: string): boolean {
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    // Not percent-encoded text: looked at as it is.
  }
  return (
    decoded
      .replace(/[\s-]+/g, "")
      .toLowerCase()
      .startsWith(PREFIX) && normalizeFreemintCode(decoded) !== undefined
  );
}

/**
 * A request's path as logged: without its query, and without any segment that reads as a freemint
 * code (codes travel in bodies only, but an old page or a hand-made URL may still put one there).
 */
function loggedPath(originalUrl: string): string {
  return (originalUrl.split("?")[0] ?? "")
    .split("/")
    .map((segment) => (isFreemintCode(segment) ? ":code" : segment))
    .join("/");
}

/** A request's log line (`info`): method, path (`url` as received, the query left out), status, duration. */
export function logRequest(logger: Logger, method: string | undefined, url: string, status: number, ms: number): void {
  logger.info({ method, path: loggedPath(url), status, ms: Math.round(ms * 10) / 10 }, "request");
}

/** One structured log line per request: method, path, status, duration (nothing at all below `info`). */
export function requestLogger(logger: Logger): RequestHandler {
  if (!logger.isLevelEnabled("info")) return (_req, _res, next) => next();
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.on("finish", () => logRequest(logger, req.method, req.originalUrl, res.statusCode, Number(process.hrtime.bigint() - started) / 1e6));
    next();
  };
}
