/**
 * The catalogue as buyers see it: `GET /api/nfts` and `/api/nfts/available` (AvailablePage),
 * `/api/nfts/facets` (NftFacets), `/api/nfts/featured`, `/api/nfts/artist` and
 * `/api/nfts/by-artist/{artistId}` (Nft[]), `/api/nfts/token/{tokenId}` (Nft).
 */
import type { Symmetry } from "../art/symmetry.ts";
import type { TierName } from "../tiers.ts";

/** One Pix as every API route returns it (docs/map.md#pix-nft), built by api/src/nfts/toNft.ts. */
export interface Nft {
  id: number;
  tokenId: number;
  name: string;
  customName: string | null;
  description: string;
  customDescription: string | null;
  /** Whether `description` is the artist's own words (an approved submission's), not generated text. */
  descriptionByArtist: boolean;
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
  /**
   * Set when a card (or freemint) buyer owns it and the Pix is still in custody: an opaque token
   * that identifies no person (no email, name, user id or wallet).
   */
  cardPurchasedBy: string | null;
  /** "card" while custody holds it for its card buyer, "wallet" once a wallet owns it. */
  ownerType: "wallet" | "card" | null;
  /**
   * A live reservation holds it until at least this time (ISO); HELD_UNTIL_DONE when it is held
   * until something completes (a paid card order's mint, an art replacement), not until a time.
   */
  reservedUntil: string | null;
}

/** The standard page size of `GET /api/nfts/available` (also its maximum `limit`): the pages the API caches. */
export const NFT_PAGE_LIMIT = 100;

/** `GET /api/nfts` and `/api/nfts/available?page&limit&filter=artist|common`: a page past the last answers the last one. */
export interface AvailablePage {
  nfts: Nft[];
  pagination: { page: number; limit: number; total: number; totalPages: number };
}

/** `reservedUntil` (and a 409 "reserved"'s) of a hold that ends when its work is done, not at a time. */
export const HELD_UNTIL_DONE = "9999-12-31T00:00:00.000Z";
export const isHeldUntilDone = (reservedUntil: string): boolean => reservedUntil === HELD_UNTIL_DONE;

/** One event of a Pix's history (`GET /api/nfts/token/{tokenId}/history`), from the indexer. */
export interface PixHistoryEvent {
  /** "minted" (to `to`), "moved" (from `from` to `to`), "art-replaced" (an artist's new art written on-chain). */
  kind: "minted" | "moved" | "art-replaced";
  chainId: number;
  /** ISO time of the event's block. */
  at: string;
  txHash: string;
  /** EIP-55; null for an art replacement (and `from` for a mint). */
  from: string | null;
  to: string | null;
  /** `from` / `to` is the shop's custody address on its chain: a card buyer's Pix held for them (no person is named). */
  fromCustody: boolean;
  toCustody: boolean;
}

/** `GET /api/nfts/token/{tokenId}/history`: every event on every chain, oldest first; 404 for a Pix the catalogue does not have. */
export interface PixHistory {
  tokenId: number;
  events: PixHistoryEvent[];
}

/**
 * What a Pix is now, for the trait explorer's status filter: for sale, held by a reservation,
 * minted on a network (`minted-ethereum` includes the card-owned ones custody holds there), or
 * card-owned (bought by card or freemint, custody still holding it for the buyer).
 */
export const NFT_STATUSES = ["available", "reserved", "minted-ethereum", "minted-polygon", "card"] as const;
export type NftStatus = (typeof NFT_STATUSES)[number];

/** How `GET /api/nfts` orders its answer: by id, by card price or colour count (`-` descending), newest mint first. */
export const NFT_SORTS = ["id", "price", "-price", "colorCount", "-colorCount", "recent"] as const;
export type NftSort = (typeof NFT_SORTS)[number];

/**
 * The trait explorer's filters (`GET /api/nfts`, `/api/nfts/facets`; the browse page's URL says
 * the same, `shared/src/http/nftQuery.ts`). Within one filter the values are alternatives (any
 * tier listed), except `colors`: a Pix must contain every colour listed. An empty list does not
 * filter.
 */
export interface NftFilters {
  tiers: TierName[];
  artists: number[];
  /** Numbers of colours. */
  colorCounts: number[];
  symmetries: Symmetry[];
  /** Colours the Pix must all contain, `rrggbb` lower case. */
  colors: string[];
  /** "any": whatever its state; the default is `["available"]`. */
  statuses: NftStatus[] | "any";
  /** The card price range, in USD cents, both ends included. */
  minUsdCents: number | undefined;
  maxUsdCents: number | undefined;
}

/** One value of a filter and how many Pix it gives with the other filters as they are. */
export interface FacetCount<V> {
  value: V;
  count: number;
}

/**
 * `GET /api/nfts/facets`: every value of every filter with its count. A filter's counts apply all
 * the *other* filters (what choosing that value alone would give); a colour's count applies them
 * all (what adding that colour would leave), since colours combine.
 */
export interface NftFacets {
  /** Pix matching every filter. */
  total: number;
  tier: FacetCount<TierName>[];
  artist: (FacetCount<number> & { name: string })[];
  colorCount: FacetCount<number>[];
  symmetry: FacetCount<Symmetry>[];
  /** The collection's colours (`rrggbb`), by hue. */
  color: FacetCount<string>[];
  status: FacetCount<NftStatus>[];
  /** Card prices in USD cents (one per tier). */
  price: FacetCount<number>[];
}

/** The name a Pix goes by: its owner's name for it, else its catalogue name. */
export const pixDisplayName = (nft: Pick<Nft, "customName" | "name" | "tokenId">): string => nft.customName || nft.name || `Pix #${nft.tokenId}`;
