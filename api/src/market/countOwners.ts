import type { MarketState } from "./market.ts";

/**
 * How many owners hold minted Pix: every wallet address (across chains) except the custody
 * address, plus each card or freemint buyer whose Pix custody holds (a person, not the custody
 * address), plus the shop itself when custody holds a Pix for no buyer. A buyer whose linked wallet
 * already counts (`linkedWallets`: user id → lowercase addresses) is not counted twice.
 */
export function countOwners(state: Pick<MarketState, "minted" | "custody" | "cardBuyers">, linkedWallets: ReadonlyMap<number, readonly string[]>): number {
  const { custody } = state;
  const wallets = new Set<string>();
  const buyers = new Set<number>();
  let shopHolds = false;
  for (const token of state.minted.byToken.values()) {
    const owner = token.owner.toLowerCase();
    if (custody && token.chainId === custody.chainId && owner === custody.address) {
      const buyer = state.cardBuyers.get(token.tokenId);
      if (buyer) buyers.add(buyer.userId);
      else shopHolds = true;
    } else {
      wallets.add(owner);
    }
  }
  const newPeople = [...buyers].filter((userId) => !(linkedWallets.get(userId) ?? []).some((address) => wallets.has(address.toLowerCase())));
  return wallets.size + newPeople.length + (shopHolds ? 1 : 0);
}

/** The card buyers whose Pix custody holds now (their linked wallets are what countOwners needs). */
export function heldForBuyers(state: Pick<MarketState, "minted" | "custody" | "cardBuyers">): number[] {
  const { custody } = state;
  if (!custody) return [];
  const ids = new Set<number>();
  for (const token of state.minted.byToken.values()) {
    const buyer = state.cardBuyers.get(token.tokenId);
    if (buyer && token.chainId === custody.chainId && token.owner.toLowerCase() === custody.address) ids.add(buyer.userId);
  }
  return [...ids];
}
