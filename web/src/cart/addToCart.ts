import { pixDisplayName, type Nft } from "@pixlings/shared/http/nfts";
import { toast } from "../toast/toastStore.ts";
import { CART_MAX, type AddResult } from "./cartStore.ts";
import { useCart } from "./useCart.ts";

/** The name a Pix goes by (its owner's name for it first). */
export const displayName = pixDisplayName;

/** Adds a Pix to the cart and says what happened, with the spec's toasts. */
export function addToCart(nft: Nft): AddResult {
  const result = useCart.getState().add(nft);
  const name = displayName(nft);
  if (result === "added") toast({ title: "Added to cart", description: `${name} added to your cart`, about: "cart" });
  else if (result === "duplicate") toast({ title: "Already in cart", description: `${name} is already in your cart`, about: "cart" });
  else toast({ title: "Cart is full", description: `You can only add ${CART_MAX} items to your cart`, variant: "destructive", about: "cart" });
  return result;
}
