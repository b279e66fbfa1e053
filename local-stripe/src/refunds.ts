import { z } from "zod";
import type { HandlerContext } from "./context.ts";
import { newId, nowSeconds } from "./ids.ts";
import type { Charge, Refund } from "./objects.ts";
import { formInteger, formMetadata } from "./params.ts";
import { refusedByDispute } from "./disputes.ts";
import { settleFraudWarnings } from "./fraudWarnings.ts";
import { invalidRequest, resourceMissing } from "./stripeError.ts";

export const CreateRefundParams = z.strictObject({
  payment_intent: z.string().min(1).optional(),
  charge: z.string().min(1).optional(),
  amount: formInteger(1).optional(),
  reason: z.enum(["duplicate", "fraudulent", "requested_by_customer"], { error: "Invalid reason" }).optional(),
  metadata: formMetadata.optional(),
});

const money = (amount: number, currency: string): string => `${(amount / 100).toFixed(2)} ${currency.toUpperCase()}`;

/** The succeeded charge a refund applies to, found by PaymentIntent or by charge id. */
function refundableCharge(context: HandlerContext, params: z.output<typeof CreateRefundParams>): Charge {
  const { store } = context;
  if (params.payment_intent !== undefined && params.charge !== undefined) {
    throw invalidRequest("You may only specify one of these parameters: charge, payment_intent.", { param: "charge" });
  }
  if (params.payment_intent !== undefined) {
    const intent = store.paymentIntents.get(params.payment_intent);
    if (!intent) throw resourceMissing("payment_intent", params.payment_intent, "payment_intent");
    const charge = intent.latest_charge === null ? undefined : store.charges.get(intent.latest_charge);
    if (intent.status !== "succeeded" || !charge) {
      throw invalidRequest(`This PaymentIntent (${intent.id}) does not have a successful charge to refund.`, { param: "payment_intent" });
    }
    return charge;
  }
  if (params.charge !== undefined) {
    const charge = store.charges.get(params.charge);
    if (!charge) throw resourceMissing("charge", params.charge, "charge");
    if (charge.status !== "succeeded") throw invalidRequest(`Charge ${charge.id} has not succeeded: there is nothing to refund.`, { param: "charge" });
    return charge;
  }
  throw invalidRequest("One of the following params should be provided for this request: payment_intent or charge.", { code: "parameter_missing" });
}

/**
 * Refunds all of what is left of a succeeded charge, or `amount` of it; the refund succeeds at
 * once (cards in test mode). Events: `refund.created`, then `charge.refunded` with the charge's new
 * `amount_refunded` (what Stripe sends for a refund of a card payment since API 2024-10-28).
 */
export function createRefund(context: HandlerContext, params: z.output<typeof CreateRefundParams>): Refund {
  const charge = refundableCharge(context, params);
  refusedByDispute(context, charge);
  const left = charge.amount - charge.amount_refunded;
  if (left === 0) throw invalidRequest(`Charge ${charge.id} has already been refunded.`, { code: "charge_already_refunded" });
  const amount = params.amount ?? left;
  if (amount > left) {
    throw invalidRequest(`Refund amount (${money(amount, charge.currency)}) is greater than unrefunded amount on charge (${money(left, charge.currency)})`, {
      param: "amount",
      code: "amount_too_large",
    });
  }
  const refund: Refund = {
    id: newId("re"),
    object: "refund",
    amount,
    charge: charge.id,
    created: nowSeconds(),
    currency: charge.currency,
    metadata: params.metadata ?? {},
    payment_intent: charge.payment_intent,
    reason: params.reason ?? null,
    status: "succeeded",
  };
  context.store.refunds.set(refund.id, refund);
  const previous = { amount_refunded: charge.amount_refunded, refunded: charge.refunded };
  charge.amount_refunded += amount;
  charge.refunded = charge.amount_refunded === charge.amount;
  context.store.emit("refund.created", refund, context.request);
  context.store.emit("charge.refunded", charge, context.request, previous);
  settleFraudWarnings(context, charge);
  return refund;
}

export function retrieveRefund(context: HandlerContext, id: string): Refund {
  const refund = context.store.refunds.get(id);
  if (!refund) throw resourceMissing("refund", id);
  return refund;
}

export function retrieveCharge(context: HandlerContext, id: string): Charge {
  const charge = context.store.charges.get(id);
  if (!charge) throw resourceMissing("charge", id);
  return charge;
}
