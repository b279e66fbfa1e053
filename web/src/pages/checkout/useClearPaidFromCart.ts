import { useEffect } from "react";
import type { CardOrderView } from "@pixlings/shared/http/checkout";
import { useCart } from "../../cart/useCart.ts";

/** Once an order is paid its Pix leave the cart; until then (a decline, a checkout left) the cart keeps them. */
const PAID: ReadonlySet<CardOrderView["state"]> = new Set(["paid", "minting", "minted"]);

export function useClearPaidFromCart(order: CardOrderView | undefined): void {
  const paid = order !== undefined && PAID.has(order.state);
  const ids = order?.tokenIds.join(",");
  // biome-ignore lint/correctness/useExhaustiveDependencies: the ids are read again when they change (as a string).
  useEffect(() => {
    if (paid && order) useCart.getState().removeMany(order.tokenIds);
  }, [paid, ids]);
}
