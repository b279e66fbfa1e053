import { formatEther, parseEther } from "viem";
import type { Artist } from "@pixlings/shared/http/artists";
import { DEFAULT_TIER_PRICES, tierKey } from "@pixlings/shared/tiers";
import { HttpError } from "../http/HttpError.ts";
import type { Market, MarketState } from "../market/market.ts";
import { pricesOfNetwork } from "../market/primaryPrices.ts";
import type { ArtistRow } from "../impersonation/actingArtist.ts";

export interface ArtistStats {
  totalPixlings: number;
  totalSales: number;
  /** Wei: the sold pieces at the primary (Ethereum) chain's tier prices. */
  revenueWei: bigint;
}

const NONE: ArtistStats = { totalPixlings: 0, totalSales: 0, revenueWei: 0n };

/** Every artist's pieces, sales and revenue, from the market view (one pass over the catalogue). */
function artistStats(state: MarketState): Map<number, ArtistStats> {
  const primary = pricesOfNetwork(state.prices, "ethereum");
  const stats = new Map<number, ArtistStats>();
  for (const entry of state.catalogue.values()) {
    if (!entry.artist) continue;
    const current = stats.get(entry.artist.id) ?? { ...NONE };
    current.totalPixlings++;
    if (state.minted.byToken.has(entry.tokenId)) {
      current.totalSales++;
      current.revenueWei += primary ? primary[tierKey(entry.tier)] : parseEther(DEFAULT_TIER_PRICES.ETH[entry.tier]);
    }
    stats.set(entry.artist.id, current);
  }
  return stats;
}

/**
 * artistStats of the market view now; empty (every artist at 0) while the indexer is away, so
 * managing artists never waits on it.
 */
export async function currentArtistStats(market: Market): Promise<Map<number, ArtistStats>> {
  try {
    return artistStats(await market.state());
  } catch (error) {
    if (error instanceof HttpError && error.status === 503) return new Map();
    throw error;
  }
}

/** An artist as the routes answer it (docs/map.md#artist). */
export function toArtist(row: ArtistRow, stats: ArtistStats | undefined): Artist {
  const s = stats ?? NONE;
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    email: row.email,
    bio: row.bio,
    website: row.website,
    isVerified: row.isVerified,
    isApproved: row.isApproved,
    totalPixlings: s.totalPixlings,
    totalSales: s.totalSales,
    totalRevenue: formatEther(s.revenueWei),
    createdAt: row.createdAt.toISOString(),
  };
}
