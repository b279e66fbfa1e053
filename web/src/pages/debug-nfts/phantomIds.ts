import { isValidTokenId } from "@pixlings/shared/collection";

/** Spec section 9: ids of 10000 or more are phantom in debug (no Pix can have them; so are 0 and below). */
export function isPhantomId(tokenId: number): boolean {
  return !isValidTokenId(tokenId);
}

/** The debug page's counts: how many rows, minted, and phantom. */
export function debugSummary(nfts: readonly { tokenId: number; isMinted: boolean }[]): { total: number; minted: number; phantom: number } {
  return { total: nfts.length, minted: nfts.filter((nft) => nft.isMinted).length, phantom: nfts.filter((nft) => isPhantomId(nft.tokenId)).length };
}
