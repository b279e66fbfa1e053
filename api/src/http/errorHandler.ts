import type { ErrorRequestHandler, RequestHandler } from "express";
import type { Logger } from "pino";
import type { ApiErrorBody, ErrorBody } from "@pixlings/shared/http/errors";
import { hasPgErrorCode, PG_ERROR } from "../db/pgErrorCode.ts";
import { HttpError } from "./HttpError.ts";

/** Errors from body-parser and friends carry a status and say whether their message is for clients. */
interface StatusError {
  status?: unknown;
  statusCode?: unknown;
  expose?: unknown;
  type?: unknown;
  message?: unknown;
}

const BODY_PARSER_MESSAGES: Record<string, string> = {
  "entity.parse.failed": "Malformed JSON in request body",
  "entity.too.large": "Request body is too large",
  "encoding.unsupported": "Unsupported request body encoding",
  "charset.unsupported": "Unsupported request body charset",
  "request.aborted": "Request aborted",
};

/** 404 `{ message }` for any unknown route under /api. */
export const notFoundHandler: RequestHandler = (req, res) => {
  res.status(404).json({ message: `Not found: ${req.method} ${req.originalUrl.split("?")[0]}` } satisfies ErrorBody);
};

/** The one error shape `{ message }`: 4xx with the reason for bad requests, 500 only for our bugs. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) return next(error);
    const { status, message } = describe(error);
    // 503 is a dependency away (the indexer, a chain's RPC) or a paused sale: expected, not our bug.
    if (status === 503) logger.warn({ err: error, method: req.method, url: req.originalUrl }, "request refused: unavailable");
    else if (status >= 500) logger.error({ err: error, method: req.method, url: req.originalUrl }, "request failed");
    const details = error instanceof HttpError ? error.details : {};
    if ("retryAfter" in details) res.set("Retry-After", String(details.retryAfter));
    // The metrics count refusals by their code (http/requestContext.ts).
    if ("code" in details) res.locals.errorCode = details.code;
    res.status(status).json({ ...details, message } satisfies ApiErrorBody);
  };
}

function describe(error: unknown): { status: number; message: string } {
  if (error instanceof HttpError) return { status: error.status, message: error.message };
  // A request already under way when its account was deleted: nothing was added to it.
  if (hasPgErrorCode(error, PG_ERROR.accountDeleted)) return { status: 401, message: "This account was deleted: sign in again to start a new one" };
  if (typeof error === "object" && error !== null) {
    const e = error as StatusError;
    const status = typeof e.status === "number" ? e.status : typeof e.statusCode === "number" ? e.statusCode : 500;
    if (status >= 400 && status < 500) {
      const known = typeof e.type === "string" ? BODY_PARSER_MESSAGES[e.type] : undefined;
      const message = known ?? (e.expose === true && typeof e.message === "string" ? e.message : "Bad request");
      return { status, message };
    }
  }
  return { status: 500, message: "Internal server error" };
}
