import { z } from "zod";
import { authenticate, AuthenticateParams } from "./authenticate.ts";
import { confirmPaymentIntent, ConfirmPaymentIntentParams } from "./confirmPaymentIntent.ts";
import { listEvents, ListEventsParams, retrieveEvent } from "./events.ts";
import {
  cancelPaymentIntent,
  CancelPaymentIntentParams,
  checkClientSecret,
  createPaymentIntent,
  CreatePaymentIntentParams,
  findPaymentIntent,
  RetrievePaymentIntentParams,
  viewFor,
} from "./paymentIntents.ts";
import { createRefund, CreateRefundParams, retrieveCharge, retrieveRefund } from "./refunds.ts";
import { RISK_ROUTES } from "./riskRoutes.ts";
import { type Route, route } from "./route.ts";

const ID = "([A-Za-z0-9_]+)";
const none = z.strictObject({});

/** Every endpoint the stand-in serves (anything else is Stripe's 404 "Unrecognized request URL"). */
const ROUTES: readonly Route[] = [
  route({
    method: "POST",
    pattern: /^\/v1\/payment_intents$/,
    access: "secret",
    schema: CreatePaymentIntentParams,
    handle: (context, params) => createPaymentIntent(context, params),
  }),
  route({
    method: "GET",
    pattern: new RegExp(`^/v1/payment_intents/${ID}$`),
    access: "client",
    schema: RetrievePaymentIntentParams,
    handle: (context, params, id) => {
      const intent = findPaymentIntent(context, id);
      checkClientSecret(context, intent, params.client_secret);
      return viewFor(context, intent);
    },
  }),
  route({
    method: "POST",
    pattern: new RegExp(`^/v1/payment_intents/${ID}/confirm$`),
    access: "client",
    schema: ConfirmPaymentIntentParams,
    handle: (context, params, id) => confirmPaymentIntent(context, id, params),
  }),
  route({
    method: "POST",
    pattern: new RegExp(`^/local/payment_intents/${ID}/authenticate$`),
    access: "client",
    schema: AuthenticateParams,
    handle: (context, params, id) => authenticate(context, id, params),
  }),
  route({
    method: "POST",
    pattern: new RegExp(`^/v1/payment_intents/${ID}/cancel$`),
    access: "secret",
    schema: CancelPaymentIntentParams,
    handle: (context, params, id) => cancelPaymentIntent(context, id, params),
  }),
  route({
    method: "POST",
    pattern: /^\/v1\/refunds$/,
    access: "secret",
    schema: CreateRefundParams,
    handle: (context, params) => createRefund(context, params),
  }),
  route({
    method: "GET",
    pattern: new RegExp(`^/v1/refunds/${ID}$`),
    access: "secret",
    schema: none,
    handle: (context, _params, id) => retrieveRefund(context, id),
  }),
  route({
    method: "GET",
    pattern: new RegExp(`^/v1/charges/${ID}$`),
    access: "secret",
    schema: none,
    handle: (context, _params, id) => retrieveCharge(context, id),
  }),
  route({ method: "GET", pattern: /^\/v1\/events$/, access: "secret", schema: ListEventsParams, handle: (context, params) => listEvents(context, params) }),
  route({
    method: "GET",
    pattern: new RegExp(`^/v1/events/${ID}$`),
    access: "secret",
    schema: none,
    handle: (context, _params, id) => retrieveEvent(context, id),
  }),
  ...RISK_ROUTES,
];

/** The route for a method and path, and the id in its path. */
export function findRoute(method: string, pathname: string): { route: Route; id: string } | undefined {
  for (const candidate of ROUTES) {
    if (candidate.method !== method) continue;
    const match = candidate.pattern.exec(pathname);
    if (match) return { route: candidate, id: match[1] ?? "" };
  }
  return undefined;
}
