import type { Request, RequestHandler } from "express";
import { requestIdFrom, withRequestId } from "../logging/requestContext.ts";
import { httpDuration, vouchers, webhookOutcomes } from "../metrics/registry.ts";

/** The route pattern a request matched (e.g. `/api/nfts/:id`), never its raw path; `unmatched` otherwise. */
function routeOf(req: Request): string {
  const pattern = (req.route as { path?: unknown } | undefined)?.path;
  return typeof pattern === "string" ? `${req.baseUrl}${pattern}` : "unmatched";
}

/**
 * First of every request: its id (a sane incoming X-Request-Id, else a new one), echoed in the
 * response and carried by every log line and job it causes; and its latency in the metrics, by
 * route pattern.
 */
export function requestContext(): RequestHandler {
  return (req, res, next) => {
    const requestId = requestIdFrom(req.headers["x-request-id"]);
    res.set("X-Request-Id", requestId);
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const route = routeOf(req);
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      httpDuration.observe({ method: req.method, route, status: String(res.statusCode) }, seconds);
      if (route === "/api/mint/authorize") {
        const code = (res.locals as { errorCode?: unknown }).errorCode;
        if (res.statusCode === 200) vouchers.inc({ outcome: "issued", reason: "" });
        else vouchers.inc({ outcome: "refused", reason: typeof code === "string" ? code : String(res.statusCode) });
      }
      if (route === "/api/stripe/webhook") webhookOutcomes.inc({ status: String(res.statusCode) });
    });
    withRequestId(requestId, next);
  };
}
