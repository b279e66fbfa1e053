import { afterPayment } from "./afterPayment.ts";
import type { HandlerContext } from "./context.ts";
import { newId, nowSeconds } from "./ids.ts";
import type { Charge, PaymentIntent, PaymentMethod } from "./objects.ts";
import { viewFor, type PublicPaymentIntent } from "./paymentIntents.ts";
import { docUrl, StripeApiError } from "./stripeError.ts";
import type { ResolvedCard } from "./testCards.ts";

/** The Charge of one try of a card on a PaymentIntent, as Stripe records it (a decline too). */
function newCharge(intent: PaymentIntent, method: PaymentMethod, resolved: ResolvedCard): Charge {
  const decline = resolved.testCard.decline;
  return {
    id: newId("ch"),
    object: "charge",
    amount: intent.amount,
    amount_captured: decline ? 0 : intent.amount,
    amount_refunded: 0,
    captured: !decline,
    created: nowSeconds(),
    currency: intent.currency,
    description: intent.description,
    disputed: false,
    failure_code: decline ? "card_declined" : null,
    failure_message: decline ? decline.message : null,
    livemode: false,
    metadata: { ...intent.metadata },
    outcome: decline
      ? {
          network_status: "declined_by_network",
          reason: decline.declineCode,
          risk_level: "normal",
          seller_message: "The bank did not return any further details with this decline.",
          type: "issuer_declined",
        }
      : { network_status: "approved_by_network", reason: null, risk_level: "normal", seller_message: "Payment complete.", type: "authorized" },
    paid: !decline,
    payment_intent: intent.id,
    payment_method: method.id,
    payment_method_details: { type: "card", card: resolved.card },
    receipt_email: intent.receipt_email,
    refunded: false,
    status: decline ? "failed" : "succeeded",
  };
}

/**
 * One charge of the card: success leaves the PaymentIntent `succeeded`; a decline sends it back to
 * `requires_payment_method` with `last_payment_error` (confirmable again) and answers 402, as Stripe does.
 */
export function charge(context: HandlerContext, intent: PaymentIntent, method: PaymentMethod, resolved: ResolvedCard): PaymentIntent | PublicPaymentIntent {
  const { store } = context;
  const made = newCharge(intent, method, resolved);
  store.charges.set(made.id, made);
  intent.latest_charge = made.id;
  intent.next_action = null;
  const decline = resolved.testCard.decline;
  if (!decline) {
    intent.status = "succeeded";
    intent.amount_received = intent.amount;
    intent.payment_method = method.id;
    intent.last_payment_error = null;
    store.emit("charge.succeeded", made, context.request);
    store.emit("payment_intent.succeeded", intent, context.request);
    afterPayment(context, resolved.testCard, made);
    return viewFor(context, intent);
  }
  const lastError = {
    type: "card_error",
    code: "card_declined",
    decline_code: decline.declineCode,
    message: decline.message,
    doc_url: docUrl("card_declined"),
    charge: made.id,
    payment_method: method,
  } as const;
  intent.status = "requires_payment_method";
  intent.payment_method = null;
  intent.last_payment_error = lastError;
  store.emit("charge.failed", made, context.request);
  store.emit("payment_intent.payment_failed", intent, context.request);
  throw new StripeApiError(402, { ...lastError, payment_intent: viewFor(context, intent) });
}
