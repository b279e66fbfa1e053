import { z } from "zod";
import type { HandlerContext } from "./context.ts";
import { newId, nowSeconds } from "./ids.ts";
import type { Charge } from "./objects.ts";
import { formInteger } from "./params.ts";
import type { EarlyFraudWarning } from "./riskObjects.ts";
import { resourceMissing } from "./stripeError.ts";

export const ListFraudWarningsParams = z.strictObject({
  charge: z.string().min(1).optional(),
  payment_intent: z.string().min(1).optional(),
  limit: formInteger(1)
    .refine((limit) => limit <= 100, "limit must be between 1 and 100")
    .optional(),
});

export interface FraudWarningList {
  object: "list";
  data: EarlyFraudWarning[];
  has_more: boolean;
  url: "/v1/radar/early_fraud_warnings";
}

/** The card's issuer reports `charge` as made with a stolen card (Stripe's early-fraud-warning test card): `radar.early_fraud_warning.created`. */
export function warnOfFraud(context: HandlerContext, charge: Charge): EarlyFraudWarning {
  const warning: EarlyFraudWarning = {
    id: newId("issfr"),
    object: "radar.early_fraud_warning",
    actionable: true,
    charge: charge.id,
    created: nowSeconds(),
    fraud_type: "made_with_stolen_card",
    livemode: false,
    payment_intent: charge.payment_intent,
  };
  context.store.earlyFraudWarnings.set(warning.id, warning);
  context.store.emit("radar.early_fraud_warning.created", warning, context.request);
  return warning;
}

/**
 * A warning stops being actionable once its charge is disputed or refunded in full (nothing left
 * to avert): `radar.early_fraud_warning.updated`, as Stripe sends it.
 */
export function settleFraudWarnings(context: HandlerContext, charge: Charge): void {
  if (!charge.disputed && !charge.refunded) return;
  for (const warning of context.store.earlyFraudWarnings.values()) {
    if (warning.charge !== charge.id || !warning.actionable) continue;
    warning.actionable = false;
    context.store.emit("radar.early_fraud_warning.updated", warning, context.request, { actionable: true });
  }
}

export function retrieveFraudWarning(context: HandlerContext, id: string): EarlyFraudWarning {
  const warning = context.store.earlyFraudWarnings.get(id);
  if (!warning) throw resourceMissing("radar.early_fraud_warning", id);
  return warning;
}

/** Newest first, filtered by charge or PaymentIntent. */
export function listFraudWarnings(context: HandlerContext, params: z.output<typeof ListFraudWarningsParams>): FraudWarningList {
  const matching = [...context.store.earlyFraudWarnings.values()]
    .filter(
      (w) => (params.charge === undefined || w.charge === params.charge) && (params.payment_intent === undefined || w.payment_intent === params.payment_intent),
    )
    .reverse();
  const limit = params.limit ?? 10;
  return { object: "list", data: matching.slice(0, limit), has_more: matching.length > limit, url: "/v1/radar/early_fraud_warnings" };
}
