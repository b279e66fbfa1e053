import type { Nft } from "@pixlings/shared/http/nfts";
import { pixList } from "../format/format.ts";
import type { CartItem } from "./cartStore.ts";

export interface Unavailable {
  /** Minted to the connected wallet: "you already own" them. */
  owned: number[];
  /** Minted by anyone else, or no longer known to the API. */
  gone: number[];
}

/**
 * Which cart items can no longer be bought, given each Pix's current state from
 * GET /api/nfts/token/{id} (null: 404) and the connected wallet, if any. Items whose state
 * is missing from `tokens` (the lookup failed) stay in the cart.
 */
export function findUnavailable(items: readonly CartItem[], tokens: ReadonlyMap<number, Nft | null>, wallet: string | undefined): Unavailable {
  const result: Unavailable = { owned: [], gone: [] };
  for (const { nft } of items) {
    if (!tokens.has(nft.tokenId)) continue;
    const token = tokens.get(nft.tokenId);
    if (token === null || token === undefined) result.gone.push(nft.tokenId);
    else if (token.isMinted && wallet && token.walletOwner?.toLowerCase() === wallet.toLowerCase()) result.owned.push(nft.tokenId);
    else if (token.isMinted) result.gone.push(nft.tokenId);
  }
  return result;
}

/** The "Cart Updated" notice naming the removed Pix, or undefined when nothing was removed. */
export function cartUpdateNotice({ owned, gone }: Unavailable): { title: string; description: string } | undefined {
  const parts: string[] = [];
  if (owned.length > 0) parts.push(`Removed ${pixList(owned)} from your cart: you already own ${owned.length === 1 ? "it" : "them"}.`);
  if (gone.length > 0) parts.push(`Removed ${pixList(gone)} from your cart: ${gone.length === 1 ? "it is" : "they are"} no longer available.`);
  return parts.length > 0 ? { title: "Cart Updated", description: parts.join(" ") } : undefined;
}
