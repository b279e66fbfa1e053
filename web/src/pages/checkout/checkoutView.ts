import type { UseQueryResult } from "@tanstack/react-query";
import type { CardConfig, CardOrderView } from "@pixlings/shared/http/checkout";
import type { PaymentSent } from "../../orders/orderStatus.ts";

/** What the page reads of one request. */
type Loading<T> = Pick<UseQueryResult<T, Error>, "isLoading" | "data" | "error">;

export interface CheckoutInputs {
  user: Loading<unknown>;
  config: Loading<CardConfig>;
  /** The order of this PaymentIntent (asked for once signed in). */
  order: Loading<CardOrderView>;
  /** What this page's card form got back, if the buyer paid here. */
  sent: PaymentSent | undefined;
}

export type CheckoutView =
  | { kind: "loading" }
  | { kind: "signIn" }
  /** Nothing to show: the error, with Retry. */
  | { kind: "failed"; error: Error }
  /** The order waits for a payment: the card form (Stripe Elements, or the stand-in's test-card form). */
  | { kind: "pay"; order: CardOrderView; config: CardConfig }
  /** The order as the server has it; `error` when asking again failed (the last answer stays shown). */
  | { kind: "order"; order: CardOrderView; error: Error | null };

/**
 * Which screen /checkout shows. The order on the server decides, never the redirect: a reload
 * shows its true state. Every wait ends: a failed request is an error with Retry, not a spinner.
 */
export function checkoutView({ user, config, order, sent }: CheckoutInputs): CheckoutView {
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
  return { kind: "pay", order: order.data, config: config.data };
}
