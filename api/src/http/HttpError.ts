/** An error with an HTTP status whose message is safe to show the client as `{ message }`. */
export class HttpError extends Error {
  readonly status: number;
  /** Extra fields of the body beside `message` (e.g. `code`, `retryAfter`). */
  readonly details: Record<string, unknown>;

  constructor(status: number, message: string, details: Record<string, unknown> = {}) {
    super(message);
    this.name = "HttpError";
    this.status = status;
    this.details = details;
  }
}

export const badRequest = (message: string): HttpError => new HttpError(400, message);
export const unauthorized = (message: string): HttpError => new HttpError(401, message);
export const notFound = (message: string): HttpError => new HttpError(404, message);
/** 409 `{ message, code, ...details }`: the request is fine but the state refuses it. */
export const conflict = (code: string, message: string, details: Record<string, unknown> = {}): HttpError => new HttpError(409, message, { code, ...details });
