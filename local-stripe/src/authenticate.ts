import { z } from "zod";
import { charge } from "./charge.ts";
import type { HandlerContext } from "./context.ts";
import type { PaymentIntent, PaymentMethod } from "./objects.ts";
import { checkClientSecret, findPaymentIntent, viewFor, type PublicPaymentIntent } from "./paymentIntents.ts";
import { docUrl, unexpectedState } from "./stripeError.ts";
import { TEST_CARDS } from "./testCards.ts";

/**
 * A card whose bank asks for 3D Secure: nothing is charged yet. The PaymentIntent waits in
 * `requires_action` (its `next_action` what Stripe.js would show) with the card as its payment method.
 */
export function askForAuthentication(context: HandlerContext, intent: PaymentIntent, method: PaymentMethod): PaymentIntent | PublicPaymentIntent {
  intent.status = "requires_action";
  intent.payment_method = method.id;
  intent.last_payment_error = null;
  intent.next_action = { type: "use_stripe_sdk", use_stripe_sdk: { type: "three_d_secure_redirect", source: method.id } };
  context.store.emit("payment_intent.requires_action", intent, context.request);
  return viewFor(context, intent);
}

export const AuthenticateParams = z.strictObject({
  outcome: z.enum(["complete", "fail"], { error: 'outcome must be "complete" or "fail"' }),
  client_secret: z.string().optional(),
});

/**
 * The stand-in's bank page (`POST /local/payment_intents/:id/authenticate`): what the buyer does on
 * Stripe's test-mode 3D Secure page. `complete` charges the card; `fail` sends the PaymentIntent
 * back to `requires_payment_method` with Stripe's `payment_intent_authentication_failure`, as Stripe does.
 */
export function authenticate(context: HandlerContext, id: string, params: z.output<typeof AuthenticateParams>): PaymentIntent | PublicPaymentIntent {
  const intent = findPaymentIntent(context, id);
  checkClientSecret(context, intent, params.client_secret);
  const method = intent.payment_method ? context.store.paymentMethods.get(intent.payment_method) : undefined;
  if (intent.status !== "requires_action" || !method) {
    throw unexpectedState(`You cannot authenticate this PaymentIntent because it has a status of ${intent.status}.`);
  }
  if (params.outcome === "complete") return charge(context, intent, method, { testCard: TEST_CARDS.authenticationRequired, card: method.card });
  intent.status = "requires_payment_method";
  intent.payment_method = null;
  intent.next_action = null;
  intent.last_payment_error = {
    type: "invalid_request_error",
    code: "payment_intent_authentication_failure",
    message: "We are unable to authenticate your payment method. Please choose a different payment method and try again.",
    doc_url: docUrl("payment_intent_authentication_failure"),
    payment_method: method,
  };
  context.store.emit("payment_intent.payment_failed", intent, context.request);
  return viewFor(context, intent);
}
