import { ui } from "../components/ui.ts";
import { useCartUi } from "./cartUi.ts";
import { useCart } from "./useCart.ts";
import { useOpenCartFromUrl } from "./useOpenCartFromUrl.ts";

export function CartButton() {
  const count = useCart((state) => state.items.length);
  const setOpen = useCartUi((state) => state.setOpen);
  useOpenCartFromUrl();
  return (
    <button type="button" className={`${ui.ghost} relative px-3`} onClick={() => setOpen(true)}>
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M3 4h2l2.4 11.2a2 2 0 0 0 2 1.6h7.8a2 2 0 0 0 2-1.5L21 8H6" />
        <circle cx="10" cy="20" r="1.5" />
        <circle cx="17" cy="20" r="1.5" />
      </svg>
      {/* The name is the visible count in words around it (axe: label-content-name-mismatch). */}
      <span className="sr-only">Cart (</span>
      <span
        data-testid="cart-count"
        className="absolute -top-1 -right-1 grid min-w-5 place-items-center rounded-full bg-violet-700 px-1 text-xs font-bold text-white"
      >
        {count}
      </span>
      <span className="sr-only">{count === 1 ? " item)" : " items)"}</span>
    </button>
  );
}
