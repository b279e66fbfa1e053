import type { Nft } from "@pixlings/shared/http/nfts";
import { addToCart, displayName } from "../cart/addToCart.ts";
import { useCart } from "../cart/useCart.ts";
import { toast } from "../toast/toastStore.ts";

function CartIcon({ added }: { added: boolean }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4 shrink-0" fill="none" stroke="currentColor" strokeWidth="2">
      {added ? <path d="M5 12l4 4 10-10" /> : <path d="M3 4h2l2.4 11.2a2 2 0 0 0 2 1.6h7.8a2 2 0 0 0 2-1.5L21 8H6M13 2v6M10 5h6" />}
    </svg>
  );
}

/**
 * "Add to cart", or "In cart" (pressing it takes the Pix out) once it is there. In a narrow card
 * (`@container` below 8rem) only the icon shows; its name stays the words, so it never wraps.
 */
export function CartToggle({ nft, className, describedBy, disabled = false }: { nft: Nft; className: string; describedBy?: string; disabled?: boolean }) {
  const inCart = useCart((state) => state.items.some((item) => item.nft.tokenId === nft.tokenId));
  const toggle = () => {
    if (!inCart) {
      addToCart(nft);
      return;
    }
    useCart.getState().remove(nft.tokenId);
    toast({ title: "Removed from cart", description: `${displayName(nft)} (Pix #${nft.tokenId}) is no longer in your cart`, about: "cart" });
  };
  return (
    <button
      type="button"
      aria-describedby={describedBy}
      disabled={disabled}
      data-in-cart={inCart || undefined}
      title={inCart ? "In cart: press to remove" : "Add to cart"}
      className={`${className} whitespace-nowrap ${inCart ? "border-violet-600 text-violet-800 dark:border-violet-400 dark:text-violet-200" : ""}`}
      onClick={toggle}
    >
      <CartIcon added={inCart} />
      <span className="sr-only @min-[8rem]:not-sr-only">{inCart ? "In cart" : "Add to cart"}</span>
      {inCart && <span className="sr-only"> (remove)</span>}
    </button>
  );
}
