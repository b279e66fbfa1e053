import type { CardOrderState } from "../db/tables/cardOrders.ts";

/**
 * The moves a card order may make (docs/api.md, "Card orders"); anything else is refused, so a
 * late or repeated event never takes an order back. `created` waits for the payment; `paid` for
 * the fulfilment worker (minting, then minted; back to paid when a claim is given up; failed when
 * Stripe shows no such payment, refunded when it shows another, before anything is minted). A failed or
 * expired order has lost its ids and its PaymentIntent was cancelled: a payment that succeeds
 * anyway is refunded. `minted` and `refunded` end it.
 */
export const NEXT_STATES: Readonly<Record<CardOrderState, readonly CardOrderState[]>> = {
  created: ["paid", "failed", "expired", "refunded"],
  paid: ["minting", "refunded", "failed"],
  minting: ["minted", "paid", "refunded"],
  minted: [],
  refunded: [],
  failed: ["refunded"],
  expired: ["refunded"],
};

/** The states an order may be in for a move to `to`. */
export function statesBefore(to: CardOrderState): CardOrderState[] {
  return (Object.keys(NEXT_STATES) as CardOrderState[]).filter((from) => NEXT_STATES[from].includes(to));
}

/** Orders in these states still hold (or own) their Pix: counted against the per-buyer cap. */
export const HOLDING_STATES: readonly CardOrderState[] = ["created", "paid", "minting", "minted"];
