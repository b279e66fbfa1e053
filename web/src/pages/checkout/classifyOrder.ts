import type { Nft } from "@pixlings/shared/http/nfts";

export interface OrderState {
  /** Can be minted now. */
  available: Nft[];
  /** Minted to the connected wallet already. */
  owned: number[];
  /** Minted by someone else, or unknown to the API. */
  unavailable: number[];
}

/** Sorts an order's ids by their current state (null: the API does not know the Pix). */
export function classifyOrder(ids: readonly number[], tokens: ReadonlyMap<number, Nft | null>, wallet: string | undefined): OrderState {
  const state: OrderState = { available: [], owned: [], unavailable: [] };
  for (const id of ids) {
    const token = tokens.get(id);
    if (token === undefined) continue;
    if (token === null) state.unavailable.push(id);
    else if (token.isMinted && wallet && token.walletOwner?.toLowerCase() === wallet.toLowerCase()) state.owned.push(id);
    else if (token.isMinted) state.unavailable.push(id);
    else state.available.push(token);
  }
  return state;
}
