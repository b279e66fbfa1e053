/** Printful's error reasons by status, as its v1 API names them in `error.reason`. */
const REASONS: Record<number, string> = {
  400: "BadRequest",
  401: "Unauthorized",
  404: "NotFound",
  405: "MethodNotAllowed",
  413: "PayloadTooLarge",
  429: "TooManyRequests",
  500: "InternalServerError",
};

/** An error answered in Printful's envelope: `{ code, result: message, error: { reason, message } }`. */
export class PrintfulApiError extends Error {
  readonly status: number;
  readonly headers: Record<string, string>;

  constructor(status: number, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = "PrintfulApiError";
    this.status = status;
    this.headers = headers;
  }

  get body(): { code: number; result: string; error: { reason: string; message: string } } {
    return { code: this.status, result: this.message, error: { reason: REASONS[this.status] ?? "Error", message: this.message } };
  }
}

export const badRequest = (message: string): PrintfulApiError => new PrintfulApiError(400, message);
export const notFound = (message: string): PrintfulApiError => new PrintfulApiError(404, message);
