import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router";
import { queries } from "../api/queries.ts";
import { queryClient } from "../api/queryClient.ts";
import { useUser } from "../auth/useAuth.ts";
import { cardCheckoutFailure } from "../card/cardCheckoutFailure.ts";
import { cardTotalCents } from "../card/cardPrices.ts";
import { checkoutPath } from "../card/checkoutLink.ts";
import { startCardCheckout } from "../card/startCardCheckout.ts";
import { toast } from "../toast/toastStore.ts";
import type { CartItem } from "./cartStore.ts";
import { useCartUi } from "./cartUi.ts";
import { checkCartAvailability } from "./checkCartAvailability.ts";
import { useCart } from "./useCart.ts";

/**
 * The cart's card checkout: creates the card order, closes the cart (keeping its Pix until the
 * order is paid) and goes to card checkout; offered only when the server takes cards, for signed-in buyers.
 * `owner`: the wallet whose Pix count as already owned when the cart is checked again.
 */
export function useCardCartCheckout(items: readonly CartItem[], owner: string | undefined) {
  const config = useQuery(queries.cardConfig());
  const user = useUser();
  const navigate = useNavigate();
  const [processing, setProcessing] = useState(false);
  // The server's total when it differs from the one shown (409 stale_total), for this list of Pix.
  const [newTotal, setNewTotal] = useState<{ cents: number; ids: string } | null>(null);
  const card = config.data?.enabled ? config.data : undefined;
  const ids = items.map(({ nft }) => nft.tokenId);
  const shownTotal = card
    ? cardTotalCents(
        card.prices,
        items.map(({ nft }) => nft.rarity),
      )
    : 0;
  const changed = newTotal && newTotal.ids === ids.join(",") ? newTotal.cents : null;

  const pay = async () => {
    if (!card || processing || ids.length === 0) return;
    setProcessing(true);
    try {
      const answer = await startCardCheckout(ids, changed ?? shownTotal, "cart");
      // The cart keeps its Pix until the order is paid (/checkout removes them then): a decline or a
      // checkout left behind finds them still in the cart.
      useCartUi.getState().setOpen(false);
      navigate(checkoutPath(answer.orderId));
    } catch (error) {
      const failure = cardCheckoutFailure(error, "cart");
      if (failure.kind === "signIn") void queryClient.refetchQueries({ queryKey: queries.user().queryKey });
      else if (failure.kind === "staleTotal") setNewTotal({ cents: failure.totalAmount, ids: ids.join(",") });
      else {
        toast(failure.toast);
        if (failure.kind === "ownershipConflict") {
          useCart.getState().removeMany(failure.tokenIds);
          await checkCartAvailability(owner);
        }
      }
    } finally {
      setProcessing(false);
    }
  };

  return {
    /** Cards are taken: show the card total and button. */
    offered: card !== undefined,
    signedIn: Boolean(user.data),
    /** USD cents: what the cart shows, and the server's new total once it said so. */
    total: changed ?? shownTotal,
    changed: changed !== null,
    processing,
    pay,
  };
}
