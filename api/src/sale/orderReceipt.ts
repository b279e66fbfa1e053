import type Stripe from "stripe";
import type { CardReceipt } from "@pixlings/shared/http/checkout";
import type { cardOrders } from "../db/tables/cardOrders.ts";
import { HttpError } from "../http/HttpError.ts";

/** Orders whose payment went through (some of it may since be refunded). */
const PAID_STATES: ReadonlySet<string> = new Set(["paid", "minting", "minted", "refunded"]);

/**
 * The receipt of the buyer's own paid card order (`order`: already checked to be theirs): its Pix
 * and their prices from the order, the card's brand and last 4 from the charge and the receipt
 * email from the PaymentIntent, as Stripe has them. 409 for an order not paid by card.
 */
export async function orderReceipt(stripe: Stripe, order: typeof cardOrders.$inferSelect): Promise<CardReceipt> {
  if (order.source !== "card" || !order.paymentIntentId || !PAID_STATES.has(order.state)) throw new HttpError(409, "This order has no card payment to show");
  let intent: Stripe.PaymentIntent;
  let charge: Stripe.Charge | null = null;
  try {
    intent = await stripe.paymentIntents.retrieve(order.paymentIntentId);
    const chargeId = typeof intent.latest_charge === "string" ? intent.latest_charge : intent.latest_charge?.id;
    if (chargeId) charge = await stripe.charges.retrieve(chargeId);
  } catch {
    throw new HttpError(503, "The payment provider is unavailable right now: please try again in a moment");
  }
  const card = charge?.payment_method_details?.card;
  return {
    orderId: order.id,
    createdAt: order.createdAt.toISOString(),
    items: order.tokenIds.map((tokenId, i) => ({ tokenId, cents: order.tokenCents[i] ?? 0 })),
    amount: order.amountCents,
    refundedAmount: order.refundedCents,
    card: card?.brand && card.last4 ? { brand: card.brand, last4: card.last4 } : null,
    receiptEmail: intent.receipt_email ?? charge?.receipt_email ?? null,
  };
}
