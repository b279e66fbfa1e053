import type { CartCheckoutRequest, CheckoutResponse, CreatePaymentIntentRequest } from "@pixlings/shared/http/checkout";
import { apiRequest } from "../api/apiClient.ts";
import { parseCheckoutResponse } from "./cardAnswers.ts";

/**
 * Opens a card order on the server: `POST /api/create-payment-intent` for one Pix (the mint page),
 * `POST /api/cart/checkout` for a cart. `cents` is the price the buyer was shown; the server
 * charges its own and answers 409 `stale_total` when they differ.
 */
export async function startCardCheckout(tokenIds: readonly number[], cents: number, from: "mint" | "cart"): Promise<CheckoutResponse> {
  if (from === "mint") {
    const body: CreatePaymentIntentRequest = { tokenId: tokenIds[0] ?? 0, amount: cents };
    return parseCheckoutResponse(await apiRequest<unknown>("/api/create-payment-intent", { method: "POST", body }));
  }
  const body: CartCheckoutRequest = { tokenIds: [...tokenIds], paymentMethod: "card", totalAmount: cents };
  return parseCheckoutResponse(await apiRequest<unknown>("/api/cart/checkout", { method: "POST", body }));
}
