import { useQuery } from "@tanstack/react-query";
import { queries } from "../api/queries.ts";
import { isTerminal } from "./orderStatus.ts";

/** How often a page asks for an order's state while it is moving. */
const ORDER_POLL_MS = 1_000;
/** ... and while it waits for a payment nobody has sent from this page yet (the buyer is typing, or left the tab open). */
const WAITING_POLL_MS = 5_000;

/** Which order to follow, by its id (/checkout, a freemint redemption). */
export type OrderRef = { by: "order"; orderId: string };

/**
 * Follows an order on the server, asking about once a second until it reaches a state it cannot
 * leave (every 5 s while it waits for a payment not sent yet: `paymentSent` false); a failed
 * request stops the asking (the page shows the error with Retry) instead of spinning.
 */
export function useCardOrder(ref: OrderRef | undefined, { enabled = true, paymentSent = true }: { enabled?: boolean; paymentSent?: boolean } = {}) {
  const options = queries.cardOrder(ref?.orderId ?? "");
  return useQuery({
    ...options,
    enabled: enabled && ref !== undefined,
    refetchInterval: (query) => {
      const { data, error } = query.state;
      if (error || (data && isTerminal(data.state))) return false;
      return data?.state === "created" && !paymentSent ? WAITING_POLL_MS : ORDER_POLL_MS;
    },
  });
}
