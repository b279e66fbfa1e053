import * as z from "zod/mini";
import type { CardData } from "./testCardForm.ts";
import { confirmOutcomeOfError, confirmOutcomeOfStatus, type ConfirmOutcome } from "./confirmOutcome.ts";

export interface StandInPayment {
  /** The stand-in's origin (CardConfig.standInUrl). */
  standInUrl: string;
  publishableKey: string;
  clientSecret: string;
  paymentIntentId: string;
}

const answerSchema = z.union([
  z.object({ status: z.string() }),
  z.object({
    error: z.object({
      type: z.optional(z.string()),
      code: z.optional(z.string()),
      decline_code: z.optional(z.string()),
      message: z.optional(z.string()),
      param: z.optional(z.string()),
    }),
  }),
]);

/**
 * Confirms the PaymentIntent at the local Stripe stand-in exactly as Stripe.js confirms it at
 * Stripe: `POST /v1/payment_intents/{id}/confirm`, form-encoded, with the publishable key as `key`,
 * the client secret and the typed card as `payment_method_data` (local-stripe/README.md).
 * Throws only when the stand-in could not be reached or answered something that is not Stripe's.
 */
export async function confirmWithStandIn(payment: StandInPayment, card: CardData): Promise<ConfirmOutcome> {
  const body = new URLSearchParams({
    key: payment.publishableKey,
    client_secret: payment.clientSecret,
    "payment_method_data[type]": "card",
    "payment_method_data[card][number]": card.number,
    "payment_method_data[card][exp_month]": card.expMonth,
    "payment_method_data[card][exp_year]": card.expYear,
    "payment_method_data[card][cvc]": card.cvc,
  });
  const url = `${payment.standInUrl.replace(/\/+$/, "")}/v1/payment_intents/${encodeURIComponent(payment.paymentIntentId)}/confirm`;
  const res = await fetch(url, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body });
  const parsed = answerSchema.safeParse(await res.json().catch(() => undefined));
  if (!parsed.success) throw new Error(`The payment provider answered ${res.status} without a payment or an error`);
  return "error" in parsed.data ? confirmOutcomeOfError(parsed.data.error) : confirmOutcomeOfStatus(parsed.data.status);
}
