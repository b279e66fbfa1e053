import type { MarketState } from "../market/market.ts";
import { cardBuyerOf, toNft } from "../nfts/toNft.ts";
import { type SessionUser, walletsOf } from "../users/sessionUser.ts";

/**
 * Whether `user` owns Pix `tokenId` now: a wallet of theirs (signed in or linked) holds it on its
 * chain, or custody holds it for them as their card or freemint Pix. The one ownership rule for
 * every owner-only route (stories, merch, Mint to Wallet).
 */
export function ownsPix(state: MarketState, user: SessionUser, tokenId: number): boolean {
  const buyer = cardBuyerOf(state, tokenId);
  if (buyer) return buyer.userId === user.id;
  const nft = toNft(state, tokenId);
  if (!nft?.walletOwner) return false;
  const owner = nft.walletOwner.toLowerCase();
  return walletsOf(user).some((wallet) => wallet.toLowerCase() === owner);
}
