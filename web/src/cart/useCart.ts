import { createCartStore } from "./cartStore.ts";

/** The page's cart, kept in localStorage. */
export const useCart = createCartStore(() => (typeof localStorage === "undefined" ? undefined : localStorage));
