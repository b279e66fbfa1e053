import { z } from "zod";
import type { HandlerContext } from "./context.ts";
import { newId, nowSeconds } from "./ids.ts";
import type { PaymentIntent, PaymentMethod } from "./objects.ts";
import { formBoolean } from "./params.ts";
import { checkClientSecret, findPaymentIntent, type PublicPaymentIntent } from "./paymentIntents.ts";
import { invalidRequest, unexpectedState } from "./stripeError.ts";
import { askForAuthentication } from "./authenticate.ts";
import { charge } from "./charge.ts";
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

/**
 * Confirms with a test PaymentMethod id or typed-in card data: one charge (`charge`), or first
 * the bank's 3D Secure check for a card that asks for it (`requires_action`, authenticate.ts).
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
  if (params.receipt_email !== undefined) intent.receipt_email = params.receipt_email;
  if (resolved.testCard.authentication === "required") return askForAuthentication(context, intent, method);
  return charge(context, intent, method, resolved);
}
