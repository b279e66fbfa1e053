import { z } from "zod";
import { closeDispute, listDisputes, ListDisputesParams, retrieveDispute, updateDispute, UpdateDisputeParams } from "./disputes.ts";
import { listFraudWarnings, ListFraudWarningsParams, retrieveFraudWarning } from "./fraudWarnings.ts";
import { type Route, route } from "./route.ts";
import { updatePaymentIntent, UpdatePaymentIntentParams } from "./updatePaymentIntent.ts";

const ID = "([A-Za-z0-9_]+)";
const none = z.strictObject({});

/**
 * What a shop's dashboard and Stripe's test mode do to a payment after it: change a PaymentIntent,
 * read, answer and accept disputes, read early fraud warnings (all with the secret key).
 */
export const RISK_ROUTES: readonly Route[] = [
  route({
    method: "POST",
    pattern: new RegExp(`^/v1/payment_intents/${ID}$`),
    access: "secret",
    schema: UpdatePaymentIntentParams,
    handle: (context, params, id) => updatePaymentIntent(context, id, params),
  }),
  route({
    method: "GET",
    pattern: /^\/v1\/disputes$/,
    access: "secret",
    schema: ListDisputesParams,
    handle: (context, params) => listDisputes(context, params),
  }),
  route({
    method: "GET",
    pattern: new RegExp(`^/v1/disputes/${ID}$`),
    access: "secret",
    schema: none,
    handle: (context, _params, id) => retrieveDispute(context, id),
  }),
  route({
    method: "POST",
    pattern: new RegExp(`^/v1/disputes/${ID}$`),
    access: "secret",
    schema: UpdateDisputeParams,
    handle: (context, params, id) => updateDispute(context, id, params),
  }),
  route({
    method: "POST",
    pattern: new RegExp(`^/v1/disputes/${ID}/close$`),
    access: "secret",
    schema: none,
    handle: (context, _params, id) => closeDispute(context, id),
  }),
  route({
    method: "GET",
    pattern: /^\/v1\/radar\/early_fraud_warnings$/,
    access: "secret",
    schema: ListFraudWarningsParams,
    handle: (context, params) => listFraudWarnings(context, params),
  }),
  route({
    method: "GET",
    pattern: new RegExp(`^/v1/radar/early_fraud_warnings/${ID}$`),
    access: "secret",
    schema: none,
    handle: (context, _params, id) => retrieveFraudWarning(context, id),
  }),
];
