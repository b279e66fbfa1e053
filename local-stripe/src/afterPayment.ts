import type { HandlerContext } from "./context.ts";
import { openDispute } from "./disputes.ts";
import { settleFraudWarnings, warnOfFraud } from "./fraudWarnings.ts";
import type { Charge } from "./objects.ts";

/**
 * What Stripe's test mode does after a payment with one of its risk test cards: the dispute card's
 * cardholder disputes it, the early-fraud-warning card's issuer warns of it. Events follow the
 * payment's (`payment_intent.succeeded` first).
 */
export function afterPayment(context: HandlerContext, card: { after?: "dispute" | "early_fraud_warning" | undefined }, charge: Charge): void {
  if (card.after === "dispute") {
    openDispute(context, charge);
    settleFraudWarnings(context, charge);
  } else if (card.after === "early_fraud_warning") {
    warnOfFraud(context, charge);
  }
}
