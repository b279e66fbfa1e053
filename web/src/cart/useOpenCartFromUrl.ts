import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { cartOpenAsked } from "./cartReturn.ts";
import { useCartUi } from "./cartUi.ts";

/** Opens the cart when the URL asks for it (`?cart=open`, a return from sign-in), then drops the ask from the URL. */
export function useOpenCartFromUrl(): void {
  const [search, setSearch] = useSearchParams();
  const { asked, rest } = cartOpenAsked(search);
  useEffect(() => {
    if (!asked) return;
    useCartUi.getState().setOpen(true);
    setSearch(rest, { replace: true });
  }, [asked, rest, setSearch]);
}
