import { formatEther } from "viem";
import type { Nft } from "@pixlings/shared/http/nfts";
import { DEFAULT_TIER_PRICES, tierKey, type TierName } from "@pixlings/shared/tiers";
import type { CardBuyer } from "../sale/cardBuyers.ts";
import type { MarketState } from "../market/market.ts";
import { pricesOfNetwork } from "../market/primaryPrices.ts";

/** The tier price on the primary chain in ETH (the contract's default while nothing is indexed). */
function mintPriceOf(state: MarketState, tier: TierName): string {
  const primary = pricesOfNetwork(state.prices, "ethereum");
  return primary ? formatEther(primary[tierKey(tier)]) : DEFAULT_TIER_PRICES.ETH[tier];
}

/** The Pix `tokenId` in `state`, or undefined when the catalogue has no such piece. */
export function toNft(state: MarketState, tokenId: number): Nft | undefined {
  const entry = state.catalogue.get(tokenId);
  if (!entry) return undefined;
  const minted = state.minted.byToken.get(tokenId);
  const version = state.art.peek(tokenId)?.version;
  const reservedUntil = minted ? undefined : state.reserved.get(tokenId);
  const buyer = minted ? cardBuyerOf(state, tokenId) : undefined;
  return {
    id: tokenId,
    tokenId,
    name: entry.name,
    customName: entry.customName,
    description: entry.description,
    customDescription: entry.customDescription,
    descriptionByArtist: entry.descriptionByArtist,
    imageUrl: `/pixlings/pix_${tokenId}.png${version === undefined ? "" : `?v=${version}`}`,
    rarity: entry.tier,
    mintPrice: mintPriceOf(state, entry.tier),
    colorCount: entry.colorCount,
    symmetryType: entry.symmetry,
    isArtistPiece: entry.tier === "Artist",
    artistId: entry.artist?.id ?? null,
    artistName: entry.artist?.name ?? null,
    artist: entry.artist ? { name: entry.artist.name, website: entry.artist.website } : null,
    isMinted: minted !== undefined,
    mintedOnChain: minted?.chainId ?? null,
    walletOwner: buyer ? null : (minted?.owner ?? null),
    cardPurchasedBy: buyer?.token ?? null,
    ownerType: minted ? (buyer ? "card" : "wallet") : null,
    reservedUntil: reservedUntil?.toISOString() ?? null,
  };
}

/**
 * The card (or freemint) buyer of a minted Pix while custody holds it for them; undefined once a
 * wallet holds it (Mint to Wallet) or when custody holds it for nobody.
 */
export function cardBuyerOf(state: MarketState, tokenId: number): CardBuyer | undefined {
  const minted = state.minted.byToken.get(tokenId);
  const custody = state.custody;
  if (!minted || !custody || minted.chainId !== custody.chainId || minted.owner.toLowerCase() !== custody.address) return undefined;
  return state.cardBuyers.get(tokenId);
}
