import type { Nft } from "@pixlings/shared/http/nfts";
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

/** The "Cart Updated" notice for removed items, or undefined when nothing was removed. */
export function cartUpdateNotice({ owned, gone }: Unavailable): { title: string; description: string } | undefined {
  const parts: string[] = [];
  if (owned.length > 0) parts.push(`Removed ${owned.length} NFT(s) you already own from your cart.`);
  if (gone.length > 0) parts.push(`Removed ${gone.length} NFT(s) that are no longer available from your cart.`);
  return parts.length > 0 ? { title: "Cart Updated", description: parts.join(" ") } : undefined;
}
