import type { CardOrderView } from "@pixlings/shared/http/checkout";
import type { cardOrders } from "../db/tables/cardOrders.ts";

/** A card or freemint order as its buyer sees it. */
export function toCardOrderView(order: typeof cardOrders.$inferSelect): CardOrderView {
  return {
    orderId: order.id,
    state: order.state,
    tokenIds: order.tokenIds,
    tokenCents: order.tokenCents,
    refundedTokenIds: order.refundedTokenIds,
    amount: order.amountCents,
    refundedAmount: order.refundedCents,
    chainId: order.chainId,
    txHash: order.mintTxHash,
    reason: order.reason,
    source: order.source,
    updatedAt: order.updatedAt.toISOString(),
  };
}
