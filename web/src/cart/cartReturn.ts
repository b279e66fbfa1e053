/** The query parameter that opens the cart on arrival (a return from sign-in started in the cart). */
const CART_OPEN_PARAM = "cart";

/**
 * `path` (path, query and hash of this site) with the cart open on arrival: where "Sign in to pay
 * by card" comes back to, so the buyer finds the same cart, open, on the same page.
 */
export function withCartOpen(path: string): string {
  const url = new URL(path, "http://same.origin");
  url.searchParams.set(CART_OPEN_PARAM, "open");
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Whether the query asks for the cart open, and the query without that ask. */
export function cartOpenAsked(search: URLSearchParams): { asked: boolean; rest: URLSearchParams } {
  const rest = new URLSearchParams(search);
  const asked = rest.get(CART_OPEN_PARAM) === "open";
  rest.delete(CART_OPEN_PARAM);
  return { asked, rest };
}
