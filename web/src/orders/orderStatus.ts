import { CHAINS, isChainId } from "@pixlings/shared/chains";
import type { CardOrderStateName, CardOrderView } from "@pixlings/shared/http/checkout";
import { formatCents } from "../card/cardPrices.ts";

/** Where an order can go no further: the page stops asking. */
const TERMINAL: ReadonlySet<CardOrderStateName> = new Set(["minted", "refunded", "failed", "expired"]);

export const isTerminal = (state: CardOrderStateName): boolean => TERMINAL.has(state);

export type OrderTone = "progress" | "success" | "warning" | "error";

export interface OrderStatusView {
  title: string;
  message: string;
  /** A second line of facts (amounts, refunded Pix), when there is one. */
  detail: string | null;
  tone: OrderTone;
  terminal: boolean;
  /** The Pix can be bought again (the order released them). */
  buyableAgain: boolean;
}

const pixList = (tokenIds: readonly number[]): string => tokenIds.map((id) => `Pix #${id}`).join(", ");

/** What this page sent to the payment provider for the order, before the server heard of it. */
export type PaymentSent = { kind: "confirmed" };

/**
 * What the buyer reads for each state of a card or freemint order (docs/map.md#card-states: paid, minting,
 * minted, refunded, failed, expired). `chain` is the name of the chain it mints on; `sent`, what
 * this page's card form got back while the order is still `created` (the provider's word reaches
 * the server a moment later). A declined card never leaves the card form: the buyer tries another.
 */
export function orderStatus(order: CardOrderView, chain: string, sent?: PaymentSent): OrderStatusView {
  const pix = pixList(order.tokenIds);
  const card = order.source === "card";
  const base = { detail: null, terminal: isTerminal(order.state), buyableAgain: false };
  switch (order.state) {
    case "created":
      if (card && sent?.kind === "confirmed") {
        return {
          ...base,
          tone: "progress",
          title: "Confirming Payment...",
          message: "The payment provider accepted your card. We are waiting for its confirmation.",
        };
      }
      return card
        ? { ...base, tone: "progress", title: "Waiting for Your Payment", message: `No payment has reached us yet for ${pix}. This page updates by itself.` }
        : { ...base, tone: "progress", title: "Code Accepted", message: `${pix} will be minted for you in a moment.` };
    case "paid":
      return {
        ...base,
        tone: "progress",
        title: card ? "Payment Received" : "Code Accepted",
        message: `${card ? `Your payment of ${formatCents(order.amount)} went through. ` : ""}Minting ${pix} on ${chain} starts now.`,
      };
    case "minting": {
      if (order.txHash === null)
        return { ...base, tone: "progress", title: "Minting...", message: `Minting ${pix} on ${chain}. This usually takes a few seconds.` };
      // In a block, not yet final: a reorg could still drop it (the server would mint it again).
      const blocks = isChainId(order.chainId) ? `${CHAINS[order.chainId].finalityBlocks} blocks` : "enough blocks";
      const one = order.tokenIds.length === 1;
      return {
        ...base,
        tone: "progress",
        title: "Confirming on the Chain...",
        message: `${pix} ${one ? "is" : "are"} minted on ${chain}, in a block the chain can still undo. ${one ? "It is" : "They are"} yours for good once ${blocks} follow it; this page updates by itself.`,
      };
    }
    case "minted": {
      const one = order.tokenIds.length === 1;
      // My Pixlings files card Pix and freemint Pix under tabs of their own.
      const tab = card ? "Credit Card" : "Freemint";
      return {
        ...base,
        tone: "success",
        title: card ? "Purchase Complete!" : "Redeemed!",
        message: `${pix} ${one ? "is" : "are"} minted on ${chain} and held for you: find ${one ? "it" : "them"} on My Pixlings under ${tab}, and move ${one ? "it" : "them"} to your own wallet with Mint to Wallet whenever you like.`,
      };
    }
    case "refunded": {
      const refunded = order.refundedTokenIds.length > 0 ? order.refundedTokenIds : order.tokenIds;
      const kept = order.tokenIds.filter((id) => !refunded.includes(id));
      return {
        ...base,
        tone: "warning",
        title: "Payment Refunded",
        message: order.reason ?? "We could not mint your Pix, so your payment was refunded.",
        detail: `Refunded: ${pixList(refunded)}${order.refundedAmount > 0 ? ` (${formatCents(order.refundedAmount)})` : ""}.${kept.length > 0 ? ` Minted for you: ${pixList(kept)}.` : ""}`,
      };
    }
    case "failed":
      return {
        ...base,
        tone: "error",
        title: card ? "Payment Failed" : "Redemption Failed",
        message: order.reason ?? (card ? "The payment did not go through." : "The Pix could not be minted."),
        detail: `${card ? "Nothing was charged. " : ""}${pix} ${order.tokenIds.length === 1 ? "is" : "are"} available again.`,
        buyableAgain: true,
      };
    case "expired":
      return {
        ...base,
        tone: "error",
        title: "Checkout Expired",
        message: order.reason ?? "The time to pay for this order ran out before a payment arrived.",
        detail: `Nothing was charged. ${pix} ${order.tokenIds.length === 1 ? "is" : "are"} available again.`,
        buyableAgain: true,
      };
    default:
      return unhandled(order.state);
  }
}

/** A state the switch above forgot does not compile. */
const unhandled = (state: never): never => {
  throw new Error(`Unknown order state ${String(state)}`);
};
