/**
 * Artists (docs/map.md#artist, docs/map.md#artist-area, docs/map.md#roles; the API's api/src/artists/).
 * An artist profile is an `artists` row; a Google account acts as it when ARTIST_EMAILS names it
 * or the profile's email is the account's verified email (linked at sign-in). An account linked
 * to several profiles acts as the one with the lowest id. Approved profiles (`isApproved`) use the
 * artist area; unapproved ones see only the pending notice (403 `artist_pending` elsewhere).
 */
import type { Nft } from "./nfts.ts";

/** An artist as every route answers it (docs/map.md#artist). */
export interface Artist {
  id: number;
  slug: string;
  name: string;
  email: string | null;
  bio: string | null;
  website: string | null;
  isVerified: boolean;
  isApproved: boolean;
  /** Pix credited to the artist (catalogue pieces with this artist, approved submissions included). */
  totalPixlings: number;
  /** Of those, minted on any chain. */
  totalSales: number;
  /** ETH, decimal string: the minted pieces at the primary (Ethereum) chain's tier prices. */
  totalRevenue: string;
  createdAt: string;
}

/**
 * An admin viewing the artist area as an artist (POST /api/admin/artist-login/{id}). The server
 * records it on the admin's session (ended by POST /api/admin/artist-logout, by signing out, by
 * another artist-login, or IMPERSONATION_MAX_MINUTES after it started); artist routes then act as
 * that artist, and every action is logged as the admin's (GET /api/admin/audit-log). The web app
 * also keeps the spec's session-storage flag for its banner, and trusts this record.
 */
export interface Impersonation {
  artistId: number;
  artistName: string;
  /** The admin's email (or first name when it has none). */
  admin: string;
  startedAt: string;
  /** When it ends by itself (ISO time): startedAt + IMPERSONATION_MAX_MINUTES. */
  endsAt: string;
}

/** An impersonation ends by itself this long after it started. */
export const IMPERSONATION_MAX_MINUTES = 60;

/**
 * `GET /api/artists/current`: the artist the session acts as (spec: "artist (name, id,
 * isApproved)"). 401 signed out; 403 `{ message }` for a signed-in account that is no artist (the
 * page's no-artist-access message). Unapproved profiles answer 200 with `isApproved: false`.
 */
export interface CurrentArtist extends Artist {
  /** Set while an admin impersonates this artist on this session. */
  impersonation: Impersonation | null;
}

/**
 * `GET /api/artists/live-pixlings` (approved artist): the artist's Pix in the catalogue, by token
 * id (live cards: image, name, token number, colour count, rarity; `isMinted` for sold ones).
 */
export type LivePixlings = Nft[];
