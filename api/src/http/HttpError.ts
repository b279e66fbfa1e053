import { ERROR_STATUS, type ErrorBody, type ErrorCode, type ErrorDetails, type RateLimitedBody } from "@pixlings/shared/http/errors";

/** The fields of an error body beside `message` when it has no code: at most a rate limit's `retryAfter`. */
type UncodedFields = Omit<ErrorBody, "message"> | Omit<RateLimitedBody, "message">;

/** A code of the HTTP contract with exactly the fields the contract gives it. */
type CodedFields = { [C in ErrorCode]: { code: C } & ErrorDetails[C] }[ErrorCode];

/** An error with an HTTP status whose message is safe to show the client as `{ message }`. */
export class HttpError extends Error {
  readonly status: number;
  /** The body's fields beside `message`. */
  readonly details: UncodedFields | CodedFields;

  constructor(status: number, message: string, details: UncodedFields = {}) {
    super(message);
    this.name = "HttpError";
    this.status = status;
    this.details = details;
  }
}

/**
 * An error the HTTP contract names (`@pixlings/shared/http/errors`): answered with the status the
 * contract gives its code, and `{ code, ...details, message }`.
 */
export class CodedError extends HttpError {
  override readonly details: CodedFields;

  constructor(message: string, details: CodedFields) {
    super(ERROR_STATUS[details.code], message);
    this.details = details;
  }
}

export const badRequest = (message: string): HttpError => new HttpError(400, message);
export const unauthorized = (message: string): HttpError => new HttpError(401, message);
export const notFound = (message: string): HttpError => new HttpError(404, message);
