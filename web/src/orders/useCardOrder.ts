import { useQuery } from "@tanstack/react-query";
import { queries } from "../api/queries.ts";
import { isTerminal } from "./orderStatus.ts";

/** How often a page asks for an order's state while it is still moving. */
const ORDER_POLL_MS = 1_000;

/** Which order to follow: by its PaymentIntent (/checkout) or by its id (a freemint redemption). */
export type OrderRef = { by: "payment"; paymentIntentId: string } | { by: "order"; orderId: string };

/**
 * Follows an order on the server, asking about once a second until it reaches a state it cannot
 * leave; a failed request stops the asking (the page shows the error with Retry) instead of spinning.
 */
export function useCardOrder(ref: OrderRef | undefined, enabled = true) {
  const options = ref?.by === "order" ? queries.cardOrder(ref.orderId) : queries.cardOrderByPayment(ref?.by === "payment" ? ref.paymentIntentId : "");
  return useQuery({
    ...options,
    enabled: enabled && ref !== undefined,
    refetchInterval: (query) => {
      const { data, error } = query.state;
      return error || (data && isTerminal(data.state)) ? false : ORDER_POLL_MS;
    },
  });
}
