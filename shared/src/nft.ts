import type { TierName } from "./tiers.ts";

/**
 * One Pix as every API route returns it (spec section 3, "Pix/NFT"): the one home of this shape,
 * written by the API (api/src/nfts/toNft.ts) and read by the web app.
 */
export interface Nft {
  id: number;
  tokenId: number;
  name: string;
  customName: string | null;
  description: string;
  customDescription: string | null;
  /** Same-origin image URL; `?v=` is the art version, so replaced art changes it. */
  imageUrl: string;
  rarity: TierName;
  /** The tier price on the primary chain, in ETH. */
  mintPrice: string;
  colorCount: number;
  symmetryType: string;
  isArtistPiece: boolean;
  artistId: number | null;
  artistName: string | null;
  artist: { name: string; website: string | null } | null;
  /** Minted on any chain (the indexer's view). */
  isMinted: boolean;
  /** The chain id it was minted on. */
  mintedOnChain: number | null;
  /** Its current owner on that chain (EIP-55). */
  walletOwner: string | null;
  cardPurchasedBy: null;
  ownerType: "wallet" | null;
  /** A live reservation holds it until at least this time (ISO). */
  reservedUntil: string | null;
}
