import type Stripe from "stripe";

/** What the order says was paid: its id, its cents in USD, and the mode of the shop's keys. */
export interface ExpectedPayment {
  orderId: string;
  cents: number;
  livemode: boolean;
}

/**
 * What the fulfilment worker makes of a PaymentIntent as Stripe itself answers it, before a card
 * order's Pix are minted:
 * - `paid`: succeeded, for exactly the order's cents in USD (what was charged: a refund since
 *   does not lower `amount_received`), naming the order, in the shop's mode;
 * - `wait`: still processing, ask again later;
 * - `unpaid`: no money taken (never confirmed, declined, cancelled);
 * - `mismatch`: money taken, but not what the order costs (amount or currency): given back whole;
 * - `foreign`: not this shop's payment for this order (another order's, or the other mode): left alone.
 */
export type PaymentVerdict = { kind: "paid" } | { kind: "wait"; reason: string } | { kind: "unpaid" | "mismatch" | "foreign"; reason: string };

const usd = (cents: number): string => `$${(cents / 100).toFixed(2)}`;

export function paymentVerdict(
  intent: Pick<Stripe.PaymentIntent, "status" | "amount_received" | "currency" | "metadata" | "livemode">,
  expected: ExpectedPayment,
): PaymentVerdict {
  if (intent.metadata?.orderId !== expected.orderId) {
    return {
      kind: "foreign",
      reason: `The payment found at Stripe is not for this order (it names ${intent.metadata?.orderId ? `order ${intent.metadata.orderId}` : "no order"})`,
    };
  }
  if (intent.livemode !== expected.livemode) {
    return {
      kind: "foreign",
      reason: `The payment found at Stripe is a ${intent.livemode ? "live" : "test"}-mode payment; this shop takes ${expected.livemode ? "live" : "test"}-mode ones`,
    };
  }
  if (intent.status === "processing") return { kind: "wait", reason: "The payment is still processing at Stripe" };
  if (intent.status !== "succeeded") return { kind: "unpaid", reason: `Stripe has no completed payment for this order (its status is ${intent.status})` };
  if (intent.currency !== "usd") {
    return { kind: "mismatch", reason: `The payment was made in ${intent.currency.toUpperCase()}, not USD` };
  }
  if (intent.amount_received !== expected.cents) {
    return { kind: "mismatch", reason: `The payment (${usd(intent.amount_received)}) did not match the order (${usd(expected.cents)})` };
  }
  return { kind: "paid" };
}
