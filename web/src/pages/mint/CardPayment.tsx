import { useState } from "react";
import { useNavigate } from "react-router";
import type { CardConfig } from "@pixlings/shared/http/checkout";
import type { Nft } from "@pixlings/shared/http/nfts";
import { ApiError } from "../../api/apiClient.ts";
import { queries } from "../../api/queries.ts";
import { queryClient } from "../../api/queryClient.ts";
import { GoogleSignInLink } from "../../auth/GoogleSignInLink.tsx";
import { useUser } from "../../auth/useAuth.ts";
import { cardCheckoutFailure } from "../../card/cardCheckoutFailure.ts";
import { CardPriceComparison } from "../../card/CardPriceComparison.tsx";
import { cardPriceCents, formatCents } from "../../card/cardPrices.ts";
import { checkoutPath } from "../../card/checkoutLink.ts";
import { startCardCheckout } from "../../card/startCardCheckout.ts";
import { ui } from "../../components/ui.ts";
import { toast } from "../../toast/toastStore.ts";

/** "Credit Card (USD)" on the mint page: the card price, then a card order and on to /checkout. */
export function CardPayment({ nft, prices }: { nft: Nft; prices: CardConfig["prices"] }) {
  const user = useUser();
  const navigate = useNavigate();
  const [processing, setProcessing] = useState(false);
  // The server's price when it differs from the one shown (409 stale_total): shown, and paid only once confirmed.
  const [newPrice, setNewPrice] = useState<number | null>(null);
  const price = newPrice ?? cardPriceCents(prices, nft.rarity);

  const pay = async () => {
    if (processing) return;
    setProcessing(true);
    try {
      const answer = await startCardCheckout([nft.tokenId], price, "mint");
      navigate(checkoutPath(answer.orderId));
    } catch (error) {
      const failure = cardCheckoutFailure(error, "mint");
      if (failure.kind === "signIn") void queryClient.refetchQueries({ queryKey: queries.user().queryKey });
      else if (failure.kind === "staleTotal") setNewPrice(failure.totalAmount);
      else toast(failure.toast);
      // Minted or held meanwhile: the page shows it.
      if (error instanceof ApiError && error.status === 409) void queryClient.invalidateQueries({ queryKey: queries.token(nft.tokenId).queryKey });
    } finally {
      setProcessing(false);
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <p className={`text-sm ${ui.muted}`}>
        Instant: pay by card and we mint the Pix for you at once. No wallet needed; move it to your own wallet later from My Pixlings.
      </p>
      <div className="flex items-baseline justify-between">
        <span className="text-sm font-medium">Price</span>
        <span className="text-right">
          <span className="block text-2xl font-extrabold" data-testid="card-price">
            {formatCents(price)}
          </span>
          <span className={`text-sm ${ui.muted}`}>processing fee included</span>
        </span>
      </div>
      <CardPriceComparison rarities={[nft.rarity]} cardCents={price} />
      {newPrice !== null && (
        <p role="alert" className="rounded-md bg-amber-100 p-2 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100">
          The card price of this Pix has changed: it is now {formatCents(newPrice)}. Pay {formatCents(newPrice)} to continue.
        </p>
      )}
      {user.data === null ? (
        <div className="flex flex-col gap-2">
          <p className="text-sm">Sign in to pay by card: your card purchases are kept on your account.</p>
          <GoogleSignInLink />
        </div>
      ) : (
        <button type="button" data-buy className={ui.primary} onClick={() => void pay()} disabled={processing || user.isLoading}>
          {processing ? "Processing..." : newPrice !== null ? `Pay ${formatCents(newPrice)} by Card` : "Pay with Card"}
        </button>
      )}
    </div>
  );
}
