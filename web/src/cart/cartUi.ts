import { create } from "zustand";
import { useToastStore } from "../toast/toastStore.ts";

interface CartUiState {
  open: boolean;
  setOpen(open: boolean): void;
}

export const useCartUi = create<CartUiState>()((set) => ({
  open: false,
  setOpen: (open) => {
    // The open cart shows what "Added to cart" said; the toast would cover its Checkout button on a phone.
    if (open) useToastStore.getState().dropAbout("cart");
    set({ open });
  },
}));
