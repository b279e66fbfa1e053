/** Stripe's error types (the `type` of its error object). */
type StripeErrorType = "api_error" | "card_error" | "idempotency_error" | "invalid_request_error";

/** The `error` member of Stripe's error responses, as Stripe sends it. */
export interface StripeErrorObject {
  type: StripeErrorType;
  message: string;
  code?: string;
  decline_code?: string;
  param?: string;
  doc_url?: string;
  charge?: string;
  payment_intent?: unknown;
  payment_method?: unknown;
}

/** A Stripe error response: its HTTP status and body; thrown by handlers, sent by the server. */
export class StripeApiError extends Error {
  readonly status: number;
  readonly error: StripeErrorObject;

  constructor(status: number, error: StripeErrorObject) {
    super(error.message);
    this.status = status;
    this.error = error;
  }
}

/** Stripe's page about an error code. */
export const docUrl = (code: string): string => `https://docs.stripe.com/error-codes/${code.replaceAll("_", "-")}`;

export function invalidRequest(message: string, details: { param?: string; code?: string; status?: number } = {}): StripeApiError {
  const { param, code, status = 400 } = details;
  return new StripeApiError(status, {
    type: "invalid_request_error",
    message,
    ...(code ? { code, doc_url: docUrl(code) } : {}),
    ...(param ? { param } : {}),
  });
}

/** 404 `resource_missing`, worded like Stripe: "No such payment_intent: 'pi_123'". */
export function resourceMissing(kind: string, id: string, param = "id"): StripeApiError {
  return invalidRequest(`No such ${kind}: '${id}'`, { param, code: "resource_missing", status: 404 });
}

/** 400 `payment_intent_unexpected_state`. */
export function unexpectedState(message: string): StripeApiError {
  return invalidRequest(message, { code: "payment_intent_unexpected_state" });
}

/** 401, Stripe's way (an invalid_request_error with status 401). */
export function unauthorized(message: string): StripeApiError {
  return new StripeApiError(401, { type: "invalid_request_error", message });
}

export function idempotencyError(message: string): StripeApiError {
  return new StripeApiError(400, { type: "idempotency_error", message });
}

/** 402 `card_error` for a card the stand-in refuses before any charge (bad number, expiry, CVC). */
export function cardError(code: string, message: string, param: string, declineCode?: string): StripeApiError {
  return new StripeApiError(402, {
    type: "card_error",
    code,
    message,
    param,
    doc_url: docUrl(code),
    ...(declineCode ? { decline_code: declineCode } : {}),
  });
}
