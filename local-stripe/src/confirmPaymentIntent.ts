import { z } from "zod";
import type { HandlerContext } from "./context.ts";
import { newId, nowSeconds } from "./ids.ts";
import type { Charge, PaymentIntent, PaymentMethod } from "./objects.ts";
import { formBoolean } from "./params.ts";
import { checkClientSecret, findPaymentIntent, viewFor, type PublicPaymentIntent } from "./paymentIntents.ts";
import { docUrl, invalidRequest, StripeApiError, unexpectedState } from "./stripeError.ts";
import { afterPayment } from "./afterPayment.ts";
import { cardOfRawData, cardOfTestPaymentMethod, type ResolvedCard } from "./testCards.ts";

export const ConfirmPaymentIntentParams = z.strictObject({
  payment_method: z.string().min(1).optional(),
  payment_method_data: z
    .strictObject({
      type: z.literal("card", { error: "The local Stripe stand-in takes payment_method_data[type]=card only" }),
      card: z.strictObject({ number: z.string(), exp_month: z.string(), exp_year: z.string(), cvc: z.string().optional() }),
      billing_details: z.strictObject({ name: z.string().max(200).optional(), email: z.email("Invalid email address").optional() }).optional(),
    })
    .optional(),
  client_secret: z.string().optional(),
  receipt_email: z.email("Invalid email address").optional(),
  return_url: z.url("Invalid URL").optional(),
  // Sent by Stripe.js; nothing here needs them.
  use_stripe_sdk: formBoolean.optional(),
  expected_payment_method_type: z.literal("card").optional(),
});

type ConfirmParams = z.output<typeof ConfirmPaymentIntentParams>;

const CONFIRMABLE = ["requires_payment_method", "requires_confirmation", "requires_action"];

function resolveCard(params: ConfirmParams): ResolvedCard {
  if (params.payment_method !== undefined && params.payment_method_data !== undefined) {
    throw invalidRequest("You may only specify one of these parameters: payment_method, payment_method_data.", { param: "payment_method_data" });
  }
  if (params.payment_method !== undefined) return cardOfTestPaymentMethod(params.payment_method);
  if (params.payment_method_data !== undefined) return cardOfRawData(params.payment_method_data.card);
  throw unexpectedState(
    "You cannot confirm this PaymentIntent because it's missing a payment method. You can either update the PaymentIntent with a payment method and then confirm it again, or confirm it again directly with a payment method.",
  );
}

function newPaymentMethod(resolved: ResolvedCard, billing: { name?: string | undefined; email?: string | undefined } | undefined): PaymentMethod {
  return {
    id: newId("pm"),
    object: "payment_method",
    type: "card",
    card: resolved.card,
    billing_details: { name: billing?.name ?? null, email: billing?.email ?? null },
    created: nowSeconds(),
    livemode: false,
    metadata: {},
  };
}

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
    refunded: false,
    status: decline ? "failed" : "succeeded",
  };
}

/**
 * Confirms with a test PaymentMethod id or typed-in card data: one charge; success leaves the
 * PaymentIntent `succeeded`, a decline sends it back to `requires_payment_method` with
 * `last_payment_error` (confirmable again) and answers 402, as Stripe does.
 */
export function confirmPaymentIntent(context: HandlerContext, id: string, params: ConfirmParams): PaymentIntent | PublicPaymentIntent {
  const intent = findPaymentIntent(context, id);
  checkClientSecret(context, intent, params.client_secret);
  if (intent.status === "succeeded") {
    throw unexpectedState("You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.");
  }
  if (!CONFIRMABLE.includes(intent.status)) {
    throw unexpectedState(
      `You cannot confirm this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be confirmed: ${CONFIRMABLE.join(", ")}.`,
    );
  }
  const resolved = resolveCard(params);
  const { store } = context;
  const method = newPaymentMethod(resolved, params.payment_method_data?.billing_details);
  store.paymentMethods.set(method.id, method);
  const charge = newCharge(intent, method, resolved);
  store.charges.set(charge.id, charge);
  intent.latest_charge = charge.id;
  if (params.receipt_email !== undefined) intent.receipt_email = params.receipt_email;
  const decline = resolved.testCard.decline;
  if (!decline) {
    intent.status = "succeeded";
    intent.amount_received = intent.amount;
    intent.payment_method = method.id;
    intent.last_payment_error = null;
    store.emit("charge.succeeded", charge, context.request);
    store.emit("payment_intent.succeeded", intent, context.request);
    afterPayment(context, resolved.testCard, charge);
    return viewFor(context, intent);
  }
  const lastError = {
    type: "card_error",
    code: "card_declined",
    decline_code: decline.declineCode,
    message: decline.message,
    doc_url: docUrl("card_declined"),
    charge: charge.id,
    payment_method: method,
  } as const;
  intent.status = "requires_payment_method";
  intent.payment_method = null;
  intent.last_payment_error = lastError;
  store.emit("charge.failed", charge, context.request);
  store.emit("payment_intent.payment_failed", intent, context.request);
  throw new StripeApiError(402, { ...lastError, payment_intent: viewFor(context, intent) });
}
