import assert from "node:assert/strict";
import { beforeEach, it } from "node:test";
import { toast, useToastStore } from "../toast/toastStore.ts";
import { useCartUi } from "./cartUi.ts";

beforeEach(() => {
  useToastStore.getState().dismiss();
  useCartUi.getState().setOpen(false);
});

it("opening the cart drops a toast about the cart: the cart shows it, and the toast would cover its Checkout on a phone", () => {
  toast({ title: "Added to cart", description: "Pix #7 added to your cart", about: "cart" });
  useCartUi.getState().setOpen(true);
  assert.equal(useToastStore.getState().current, null);
});

it("opening the cart keeps any other toast (a Pix sold meanwhile, an error)", () => {
  toast({ title: "Cart Updated", description: "Pix #7 was sold and left your cart" });
  useCartUi.getState().setOpen(true);
  assert.equal(useToastStore.getState().current?.title, "Cart Updated");
});

it("closing the cart keeps a toast about it", () => {
  useCartUi.getState().setOpen(true);
  toast({ title: "Removed from cart", about: "cart" });
  useCartUi.getState().setOpen(false);
  assert.equal(useToastStore.getState().current?.title, "Removed from cart");
});
