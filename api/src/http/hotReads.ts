import type { IncomingMessage } from "node:http";
import type { Logger } from "pino";
import type { FirstHandler } from "../server.ts";
import { requestIdFrom, withRequestId } from "../logging/requestContext.ts";
import { httpDuration } from "../metrics/registry.ts";
import { logRequest } from "./requestLogger.ts";

/** A hot read's 200: its headers after X-Request-Id (name, value, … in the order the full chain sends them) and its body. */
export interface HotAnswer {
  headers: readonly string[];
  body: Buffer;
}

/** One GET route answered without the Express chain when its answer is at hand. */
export interface HotRoute {
  /** The route's pattern, as its Express route names it in the metrics (`/api/nfts/token/:tokenId`). */
  pattern: string;
  /** The exact path it answers, or the start of the paths it answers when `prefix`. */
  path: string;
  prefix?: boolean;
  /**
   * The 200 for this request, or undefined to leave it to the full chain (any input it would
   * refuse, no session, a Pix that does not exist: the chain answers those with its errors).
   * `rest`: the path after `path` (prefix routes); `query`: the raw query string.
   */
  answer(req: IncomingMessage, rest: string, query: string): HotAnswer | undefined | Promise<HotAnswer | undefined>;
}

/**
 * The few cached reads every visitor makes (browse pages, the explorer, a Pix, the signed-in user,
 * the images) answered before Express sees them (server.ts's `servedFirst`), in one `writeHead` and
 * `end`: without Express's request set-up, the walk through every router of the app, helmet's dozen
 * middlewares, the compression wrapper and Express's send, which cost more than the answer itself
 * (docs/benchmarks.md). A request gets what the full chain gives it: its
 * X-Request-Id, the security headers, the compressed body it accepts, its latency in the metrics and
 * its log line (at `info`). Anything else goes on down the chain as before: other methods,
 * conditional requests (the chain answers 304s), paths spelled any other way (Express matches
 * case-insensitively, with a trailing slash), and whatever the route leaves to it (bad input,
 * errors). hotReads.slow.test.ts checks the answers, header by header, against the chain's.
 */
export function hotReads({ routes, logger }: { routes: readonly HotRoute[]; logger: Logger }): FirstHandler {
  const exact = new Map(routes.filter((route) => !route.prefix).map((route) => [route.path, route]));
  const prefixed = routes.filter((route) => route.prefix);
  const observers = new Map(routes.map((route) => [route, httpDuration.labels({ method: "GET", route: route.pattern, status: "200" })]));
  const logs = logger.isLevelEnabled("info");
  return (req, res, next) => {
    if (req.method !== "GET" || req.headers["if-none-match"] !== undefined || req.headers["if-modified-since"] !== undefined) return next();
    const url = req.url ?? "";
    // The path as received (the chain reads absolute-form URLs and the like its own way).
    if (!url.startsWith("/")) return next();
    const at = url.indexOf("?");
    const path = at === -1 ? url : url.slice(0, at);
    let route = exact.get(path);
    let rest = "";
    if (!route) {
      route = prefixed.find((candidate) => path.startsWith(candidate.path));
      if (!route) return next();
      rest = path.slice(route.path.length);
    }
    // A fragment or anything Express's URL parsing might read otherwise: the chain's.
    const query = at === -1 ? "" : url.slice(at + 1);
    if (query.includes("#")) return next();
    const started = process.hrtime.bigint();
    const requestId = requestIdFrom(req.headers["x-request-id"]);
    const found = route;
    const send = (answer: HotAnswer | undefined): void => {
      if (!answer) {
        next();
        return;
      }
      try {
        res.writeHead(200, ["X-Request-Id", requestId, ...answer.headers]);
      } catch (error) {
        // A header Node refuses (our bug): nothing went out, so the chain answers; never a crash.
        logger.error({ err: error, url }, "hot read refused by node:http");
        next();
        return;
      }
      res.end(answer.body);
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      observers.get(found)?.observe(seconds);
      // Inside the request's context, as the chain's line is (it carries the request id).
      if (logs) withRequestId(requestId, () => logRequest(logger, "GET", url, 200, seconds * 1000));
    };
    let answer: ReturnType<HotRoute["answer"]>;
    try {
      answer = withRequestId(requestId, () => found.answer(req, rest, query));
    } catch {
      // The chain answers it again, with its error.
      return next();
    }
    if (answer instanceof Promise) answer.then(send, () => next());
    else send(answer);
  };
}
