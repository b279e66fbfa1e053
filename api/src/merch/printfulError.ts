/** Why a call to Printful did not give a usable answer. */
export type PrintfulFailure =
  /** Printful's 429: wait `retryAfter` seconds. */
  | { kind: "rate_limited"; retryAfter: number }
  /** Any other error answer: its HTTP status and Printful's reason and message. */
  | { kind: "refused"; status: number; reason: string }
  /** An answer that is not what Printful's API documents (not JSON, a field missing or of another type). */
  | { kind: "unreadable" }
  /** No answer: the connection failed or timed out. */
  | { kind: "unreachable" };

/** A failed call of the Printful client; `message` says what happened, for logs. */
export class PrintfulError extends Error {
  readonly failure: PrintfulFailure;

  constructor(failure: PrintfulFailure, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "PrintfulError";
    this.failure = failure;
  }
}
