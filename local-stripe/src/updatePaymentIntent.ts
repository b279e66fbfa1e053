import { z } from "zod";
import type { HandlerContext } from "./context.ts";
import type { PaymentIntent } from "./objects.ts";
import { formInteger } from "./params.ts";
import { findPaymentIntent } from "./paymentIntents.ts";
import { invalidRequest, unexpectedState } from "./stripeError.ts";

export const UpdatePaymentIntentParams = z.strictObject({
  amount: formInteger(1).optional(),
  currency: z
    .string()
    .regex(/^[a-zA-Z]{3}$/, "Invalid currency")
    .transform((currency) => currency.toLowerCase())
    .optional(),
  /** Keys to set, an empty value to remove one; `metadata=` removes them all. */
  metadata: z
    .union([z.literal(""), z.record(z.string().min(1).max(40, "Metadata keys can be at most 40 characters"), z.string().max(500))], { error: "Invalid hash" })
    .optional(),
  description: z.string().max(1000, "Description can be at most 1000 characters").optional(),
});

/** What a payment fixes: amount and currency may change only before it is paid (or cancelled). */
const AMOUNT_FIXED = ["succeeded", "canceled"];

/**
 * `POST /v1/payment_intents/:id` (secret key): changes the amount or currency before the payment,
 * and metadata (merged; an empty value removes a key) or the description at any time, as Stripe
 * does. No event (Stripe sends none for an update).
 */
export function updatePaymentIntent(context: HandlerContext, id: string, params: z.output<typeof UpdatePaymentIntentParams>): PaymentIntent {
  const intent = findPaymentIntent(context, id);
  if ((params.amount !== undefined || params.currency !== undefined) && AMOUNT_FIXED.includes(intent.status)) {
    throw unexpectedState(`You cannot update the amount or currency of this PaymentIntent because it has a status of ${intent.status}.`);
  }
  if (params.amount !== undefined) intent.amount = params.amount;
  if (params.currency !== undefined) intent.currency = params.currency;
  if (params.description !== undefined) intent.description = params.description;
  if (params.metadata !== undefined) {
    const merged: Record<string, string> = params.metadata === "" ? {} : { ...intent.metadata };
    for (const [key, value] of Object.entries(params.metadata === "" ? {} : params.metadata)) {
      if (value === "") delete merged[key];
      else merged[key] = value;
    }
    if (Object.keys(merged).length > 50) throw invalidRequest("Metadata can have at most 50 keys", { param: "metadata", code: "parameter_invalid" });
    intent.metadata = merged;
  }
  return intent;
}
