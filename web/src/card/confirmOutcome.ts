/** Stripe's error object, as Stripe.js returns it and the stand-in answers it (`{ error: … }`). */
export interface StripeErrorLike {
  type?: string | undefined;
  code?: string | undefined;
  decline_code?: string | undefined;
  message?: string | undefined;
  param?: string | undefined;
}

/** How confirming a card payment ended, whichever way it was confirmed (the stand-in's form or Stripe Elements). */
export type ConfirmOutcome =
  /** Paid (or being processed): the server finishes the order. */
  | { kind: "confirmed" }
  /** The bank refused: nothing was charged; the order stays open for another card while its hold lasts. */
  | { kind: "declined"; message: string }
  /** The card data was refused before any charge: fix it and pay again. */
  | { kind: "invalid"; message: string }
  /** This payment can no longer be confirmed (already paid or cancelled): the order says what happened. */
  | { kind: "settled" }
  /** Anything else (the provider away, a bad request): say so; paying again may work. */
  | { kind: "error"; message: string };

const FALLBACK = "The payment could not be completed. Please try again.";

/** Classifies Stripe's error answer to a confirmation (Stripe's codes: card_declined, incorrect_number, payment_intent_unexpected_state, …). */
export function confirmOutcomeOfError(error: StripeErrorLike): ConfirmOutcome {
  const message = error.message || FALLBACK;
  if (error.code === "payment_intent_unexpected_state") return { kind: "settled" };
  if (error.type === "card_error" && error.code === "card_declined") return { kind: "declined", message };
  if (error.type === "card_error" || error.type === "validation_error") return { kind: "invalid", message };
  return { kind: "error", message };
}

/** Classifies the PaymentIntent status a successful confirmation answered. */
export function confirmOutcomeOfStatus(status: string): ConfirmOutcome {
  if (status === "succeeded" || status === "processing" || status === "requires_capture") return { kind: "confirmed" };
  if (status === "canceled") return { kind: "settled" };
  return { kind: "error", message: FALLBACK };
}
