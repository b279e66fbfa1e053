import type { CardOrderView } from "@pixlings/shared/http/checkout";

/** A card order as GET /api/card-orders/{id} answers it: two Pix, waiting for payment, unless `over` says otherwise. */
export function cardOrderView(over: Partial<CardOrderView> = {}): CardOrderView {
  return {
    orderId: "order-1",
    state: "created",
    tokenIds: [4, 9],
    tokenCents: [3500, 3500],
    refundedTokenIds: [],
    amount: 7000,
    refundedAmount: 0,
    chainId: 31337,
    txHash: null,
    reason: null,
    source: "card",
    updatedAt: "2030-01-01T00:00:00.000Z",
    ...over,
  };
}
