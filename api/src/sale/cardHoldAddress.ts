import { HELD_UNTIL_DONE } from "@pixlings/shared/http/nfts";
import { CARD_HOLD_PREFIX } from "./reserveTokens.ts";

/**
 * What a card order's reservations store as `address`: the order is the holder (its Pix are
 * minted to custody, not to a wallet). Never a valid address, so a crypto buyer's voucher check
 * sees these ids as held by someone else, and an account merge has nothing to re-key.
 */
export function cardHoldAddress(orderId: string): string {
  return `${CARD_HOLD_PREFIX}${orderId}`;
}

/** A paid order keeps its ids until they are minted (the sweeper then releases them as minted). */
export const HELD_UNTIL_MINTED = new Date(HELD_UNTIL_DONE);
