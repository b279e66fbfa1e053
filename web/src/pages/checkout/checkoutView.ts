import type { UseQueryResult } from "@tanstack/react-query";
import type { CardConfig, CardOrderPayment, CardOrderView } from "@pixlings/shared/http/checkout";
import type { PaymentSent } from "../../orders/orderStatus.ts";

/** What the page reads of one request. */
type Loading<T> = Pick<UseQueryResult<T, Error>, "isLoading" | "data" | "error">;

export interface CheckoutInputs {
  user: Loading<unknown>;
  config: Loading<CardConfig>;
  /** The order named in the URL (asked for once signed in). */
  order: Loading<CardOrderView>;
  /** The client secret of that order, asked for while it waits for a payment. */
  payment: Loading<CardOrderPayment>;
  /** What this page's card form got back, if the buyer paid here. */
  sent: PaymentSent | undefined;
}

export type CheckoutView =
  | { kind: "loading" }
  | { kind: "signIn" }
  /** Nothing to show: the error, with Retry. */
  | { kind: "failed"; error: Error }
  /** The order waits for a payment: the card form (Stripe Elements, or the stand-in's test-card form). */
  | { kind: "pay"; order: CardOrderView; config: CardConfig; payment: CardOrderPayment }
  /** The order as the server has it; `error` when asking again failed (the last answer stays shown). */
  | { kind: "order"; order: CardOrderView; error: Error | null };

/**
 * Which screen /checkout shows. The order on the server decides, never the redirect: a reload
 * shows its true state. Every wait ends: a failed request is an error with Retry, not a spinner.
 * An order whose payment the server no longer takes (its hold ended a moment ago) is shown as it
 * stands; the page follows it to its end.
 */
export function checkoutView({ user, config, order, payment, sent }: CheckoutInputs): CheckoutView {
  if (user.isLoading) return { kind: "loading" };
  if (user.error) return { kind: "failed", error: user.error };
  if (user.data === null || user.data === undefined) return { kind: "signIn" };
  if (!order.data) {
    if (order.error) return { kind: "failed", error: order.error };
    return { kind: "loading" };
  }
  if (order.data.state !== "created" || sent !== undefined || order.data.source !== "card") return { kind: "order", order: order.data, error: order.error };
  if (config.isLoading) return { kind: "loading" };
  if (config.error) return { kind: "failed", error: config.error };
  if (!config.data?.enabled || !config.data.publishableKey) {
    return { kind: "failed", error: new Error("Card payments are not available on this site right now. Nothing was charged.") };
  }
  if (payment.error) return { kind: "order", order: order.data, error: null };
  if (!payment.data) return { kind: "loading" };
  return { kind: "pay", order: order.data, config: config.data, payment: payment.data };
}
