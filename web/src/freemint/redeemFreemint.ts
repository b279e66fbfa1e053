import type { CardOrderView, RedeemFreemintRequest } from "@pixlings/shared/http/checkout";
import { apiRequest } from "../api/apiClient.ts";
import { parseCardOrder } from "../card/cardAnswers.ts";

/** `POST /api/freemint/redeem`: the chosen Common Pix for a code; answers the order that mints them (followed like a card order). */
export async function redeemFreemint(code: string, tokenIds: readonly number[]): Promise<CardOrderView> {
  const body: RedeemFreemintRequest = { code, tokenIds: [...tokenIds] };
  return parseCardOrder(await apiRequest<unknown>("/api/freemint/redeem", { method: "POST", body }));
}
