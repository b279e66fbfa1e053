import { z } from "zod";
import type { HandlerContext } from "./context.ts";
import { newClientSecret, newId, nowSeconds } from "./ids.ts";
import type { PaymentIntent } from "./objects.ts";
import { formArray, formBoolean, formInteger, formMetadata } from "./params.ts";
import { invalidRequest, resourceMissing, unexpectedState } from "./stripeError.ts";

/** Stripe's smallest charge per currency (in its minor unit) for the currencies a shop here uses; others: 1. */
const MINIMUM_AMOUNT: Record<string, number> = { usd: 50, eur: 50, chf: 50, gbp: 30 };
const MAXIMUM_AMOUNT = 99_999_999;

export const CreatePaymentIntentParams = z.strictObject({
  amount: formInteger(1),
  currency: z
    .string()
    .regex(/^[a-zA-Z]{3}$/, "Invalid currency")
    .transform((currency) => currency.toLowerCase()),
  metadata: formMetadata.optional(),
  description: z.string().max(1000, "Description can be at most 1000 characters").optional(),
  receipt_email: z.email("Invalid email address").optional(),
  automatic_payment_methods: z.strictObject({ enabled: formBoolean, allow_redirects: z.enum(["always", "never"]).optional() }).optional(),
  // This API version's name for what older ones called payment_method_types.
  allowed_payment_method_types: formArray(z.string()).optional(),
  capture_method: z
    .enum(["automatic", "automatic_async"], { error: "The local Stripe stand-in captures automatically only: capture_method automatic or automatic_async" })
    .optional(),
});

export const RetrievePaymentIntentParams = z.strictObject({ client_secret: z.string().optional() });

export const CancelPaymentIntentParams = z.strictObject({
  cancellation_reason: z.enum(["duplicate", "fraudulent", "requested_by_customer", "abandoned"], { error: "Invalid cancellation_reason" }).optional(),
});

/** What Stripe returns to a publishable key: the PaymentIntent without its server-side fields. */
export type PublicPaymentIntent = Omit<PaymentIntent, "metadata" | "latest_charge" | "customer" | "amount_capturable" | "amount_received">;

export function viewFor(context: HandlerContext, intent: PaymentIntent): PaymentIntent | PublicPaymentIntent {
  if (!context.publishable) return intent;
  const { metadata: _m, latest_charge: _l, customer: _c, amount_capturable: _a, amount_received: _r, ...visible } = intent;
  return visible;
}

export function findPaymentIntent(context: HandlerContext, id: string): PaymentIntent {
  const intent = context.store.paymentIntents.get(id);
  if (!intent) throw resourceMissing("payment_intent", id);
  return intent;
}

/** A publishable key may act on a PaymentIntent only with its client secret, as Stripe.js does. */
export function checkClientSecret(context: HandlerContext, intent: PaymentIntent, clientSecret: string | undefined): void {
  if (!context.publishable) return;
  if (clientSecret === undefined) throw invalidRequest("Missing required param: client_secret.", { param: "client_secret", code: "parameter_missing" });
  if (clientSecret !== intent.client_secret) {
    throw invalidRequest("The client_secret provided does not match any associated PaymentIntent on this account.", {
      param: "client_secret",
      code: "payment_intent_invalid_parameter",
    });
  }
}

const formatAmount = (amount: number, currency: string): string => `${(amount / 100).toFixed(2)} ${currency.toUpperCase()}`;

export function createPaymentIntent(context: HandlerContext, params: z.output<typeof CreatePaymentIntentParams>): PaymentIntent {
  const allowed = params.allowed_payment_method_types;
  if (params.automatic_payment_methods && allowed) {
    throw invalidRequest("You may only specify one of these parameters: allowed_payment_method_types, automatic_payment_methods.", {
      param: "automatic_payment_methods",
    });
  }
  const unsupported = allowed?.find((type) => type !== "card");
  if (unsupported !== undefined || allowed?.length === 0) {
    throw invalidRequest(`The payment method type "${unsupported ?? ""}" is invalid: the local Stripe stand-in takes cards only ("card").`, {
      param: "allowed_payment_method_types",
      code: "parameter_invalid",
    });
  }
  const minimum = MINIMUM_AMOUNT[params.currency] ?? 1;
  if (params.amount < minimum) {
    throw invalidRequest(`Amount must be at least ${formatAmount(minimum, params.currency)}`, { param: "amount", code: "amount_too_small" });
  }
  if (params.amount > MAXIMUM_AMOUNT) {
    throw invalidRequest(`Amount must be no more than ${formatAmount(MAXIMUM_AMOUNT, params.currency)}`, { param: "amount", code: "amount_too_large" });
  }
  const id = newId("pi");
  const automatic = allowed ? null : (params.automatic_payment_methods ?? { enabled: true });
  const intent: PaymentIntent = {
    id,
    object: "payment_intent",
    allowed_payment_method_types: allowed ?? null,
    amount: params.amount,
    amount_capturable: 0,
    amount_received: 0,
    automatic_payment_methods: automatic ? { allow_redirects: automatic.allow_redirects ?? "always", enabled: automatic.enabled } : null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: params.capture_method ?? "automatic_async",
    client_secret: newClientSecret(id),
    confirmation_method: "automatic",
    created: nowSeconds(),
    currency: params.currency,
    customer: null,
    description: params.description ?? null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    metadata: params.metadata ?? {},
    next_action: null,
    payment_method: null,
    payment_method_types: ["card"],
    receipt_email: params.receipt_email ?? null,
    status: "requires_payment_method",
  };
  context.store.paymentIntents.set(id, intent);
  context.store.emit("payment_intent.created", intent, context.request);
  return intent;
}

const CANCELABLE = ["requires_payment_method", "requires_capture", "requires_confirmation", "requires_action", "processing"];

export function cancelPaymentIntent(context: HandlerContext, id: string, params: z.output<typeof CancelPaymentIntentParams>): PaymentIntent {
  const intent = findPaymentIntent(context, id);
  if (!CANCELABLE.includes(intent.status)) {
    throw unexpectedState(
      `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: ${CANCELABLE.join(", ")}.`,
    );
  }
  intent.status = "canceled";
  intent.canceled_at = nowSeconds();
  intent.cancellation_reason = params.cancellation_reason ?? null;
  context.store.emit("payment_intent.canceled", intent, context.request);
  return intent;
}
