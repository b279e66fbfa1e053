import * as Dialog from "@radix-ui/react-dialog";
import { useEffect, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { GoogleSignInLink } from "../auth/GoogleSignInLink.tsx";
import { pathOf } from "../auth/googleLogin.ts";
import { useUser } from "../auth/useAuth.ts";
import { CardPriceComparison } from "../card/CardPriceComparison.tsx";
import { formatCents } from "../card/cardPrices.ts";
import { usePrices } from "../chains/usePrices.ts";
import { PixImage } from "../components/PixImage.tsx";
import { TierBadge } from "../components/TierBadge.tsx";
import { ui } from "../components/ui.ts";
import { formatCoin, sumDecimals } from "../format/format.ts";
import { useWalletStore } from "../wallet/walletStore.ts";
import { displayName } from "./addToCart.ts";
import { withCartOpen } from "./cartReturn.ts";
import { CART_MAX } from "./cartStore.ts";
import { useCartUi } from "./cartUi.ts";
import { checkCartAvailability } from "./checkCartAvailability.ts";
import { useCardCartCheckout } from "./useCardCartCheckout.ts";
import { useCart } from "./useCart.ts";

export default function CartDialog() {
  const items = useCart((state) => state.items);
  const remove = useCart((state) => state.remove);
  const clear = useCart((state) => state.clear);
  const setOpen = useCartUi((state) => state.setOpen);
  const walletAddress = useWalletStore((state) => state.address);
  const user = useUser();
  const { chain, quote } = usePrices();
  const navigate = useNavigate();
  const location = useLocation();
  const [checking, setChecking] = useState(true);
  const owner = walletAddress ?? user.data?.walletAddress ?? undefined;
  const card = useCardCartCheckout(items, owner);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per opening (spec: the ownership check runs when the cart opens).
  useEffect(() => {
    let live = true;
    checkCartAvailability(owner).finally(() => live && setChecking(false));
    return () => {
      live = false;
    };
  }, []);

  const quotes = items.map(({ nft }) => quote(nft.rarity));
  const coin = quotes[0]?.coin ?? chain?.coin ?? "ETH";
  const total = formatCoin(sumDecimals(quotes.map((q) => q.amount)), coin);

  const checkout = () => {
    if (items.length === 0 || checking || card.processing) return;
    setOpen(false);
    navigate(`/crypto-checkout?tokenIds=${items.map(({ nft }) => nft.tokenId).join(",")}`);
  };

  return (
    <Dialog.Root open onOpenChange={setOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 flex max-h-[90dvh] w-[calc(100vw-1.5rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col gap-4 rounded-xl bg-white p-5 text-neutral-900 shadow-xl dark:bg-neutral-900 dark:text-neutral-100">
          <div className="flex items-center justify-between gap-2">
            <Dialog.Title className="text-lg font-bold">
              Shopping Cart ({items.length}/{CART_MAX})
            </Dialog.Title>
            <Dialog.Close className={`${ui.ghost} ${ui.small}`} aria-label="Close cart">
              <span aria-hidden="true">×</span>
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">The Pix you picked, their total and checkout.</Dialog.Description>
          {items.length === 0 ? (
            <p className={ui.muted}>Your cart is empty.</p>
          ) : (
            <ul className="-mx-1 flex flex-col gap-2 overflow-y-auto px-1">
              {items.map(({ nft }, index) => (
                <li key={nft.tokenId} className="flex items-center gap-2 rounded-lg border border-neutral-200 p-2 sm:gap-3 dark:border-neutral-800">
                  <Link to={`/mint/${nft.tokenId}`} onClick={() => setOpen(false)} className="flex min-w-0 flex-1 items-center gap-2 sm:gap-3">
                    <div className="w-12 shrink-0">
                      <PixImage nft={nft} size={48} />
                    </div>
                    <div className="flex min-w-0 flex-1 flex-col gap-1">
                      <p className="truncate text-sm font-semibold">{displayName(nft)}</p>
                      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs">
                        <span className={`whitespace-nowrap ${ui.muted}`}>Token #{nft.tokenId}</span>
                        <TierBadge rarity={nft.rarity} />
                        <span className="ml-auto text-sm font-medium whitespace-nowrap">{formatCoin(quotes[index]?.amount ?? "0", coin)}</span>
                      </p>
                    </div>
                  </Link>
                  <button
                    type="button"
                    className={`${ui.ghost} ${ui.small} shrink-0`}
                    onClick={() => remove(nft.tokenId)}
                    aria-label={`Remove ${displayName(nft)}`}
                  >
                    <span aria-hidden="true">×</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <div className="flex items-center justify-between border-t border-neutral-200 pt-3 dark:border-neutral-800">
            <span className="font-semibold">Total</span>
            <span className="font-bold" data-testid="cart-total">
              {total}
            </span>
          </div>
          {card.offered && (
            <div className="-mt-2 flex items-center justify-between">
              <span className="text-sm font-semibold">
                Card total <span className={`font-normal ${ui.muted}`}>(processing fee included)</span>
              </span>
              <span className="font-bold" data-testid="cart-card-total">
                {formatCents(card.total)}
              </span>
            </div>
          )}
          {card.offered && items.length > 0 && <CardPriceComparison rarities={items.map(({ nft }) => nft.rarity)} cardCents={card.total} />}
          {card.changed && (
            <p role="alert" className="rounded-md bg-amber-100 p-2 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100">
              Prices have changed: the card total is now {formatCents(card.total)}. Pay {formatCents(card.total)} by card to continue.
            </p>
          )}
          <div className="flex flex-wrap justify-end gap-2">
            <button type="button" className={ui.secondary} onClick={clear} disabled={items.length === 0 || card.processing}>
              Clear cart
            </button>
            <button type="button" className={ui.primary} onClick={checkout} disabled={items.length === 0 || checking || card.processing}>
              {checking || card.processing ? "Processing..." : "Checkout with Crypto"}
            </button>
            {card.offered &&
              (card.signedIn ? (
                <button type="button" className={ui.primary} onClick={() => void card.pay()} disabled={items.length === 0 || checking || card.processing}>
                  {checking || card.processing ? "Processing..." : card.changed ? `Pay ${formatCents(card.total)} by Card` : "Checkout with Card"}
                </button>
              ) : (
                items.length > 0 && <GoogleSignInLink returnTo={withCartOpen(pathOf(location))}>Sign in to pay by card</GoogleSignInLink>
              ))}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
