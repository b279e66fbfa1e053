/**
 * The admin area's routes (docs/map.md#admin-area, docs/map.md#validation, docs/map.md#roles, docs/map.md#the-api-calls; the API's api/src/admin/ and
 * api/src/review/). Every route here is admins only: 401 signed out, 403 `{ message }` for a
 * signed-in account without the admin role. The freemint-card routes are in checkout.ts.
 */
import type { TierName } from "../tiers.ts";
import type { Artist, Impersonation } from "./artists.ts";
import type { ErrorCode } from "./errors.ts";
import type { Nft } from "./nfts.ts";
import type { PixelArt, ReplacementState, Submission } from "./submissions.ts";

/* ---------- Submissions and review ---------- */

/**
 * `GET /api/admin/submissions?status=pending|rejected|approved|all` (default `pending`: awaiting
 * review, including those whose Approve & Replace is still running or failed), newest first;
 * `GET /api/admin/approved-submissions`: approved ones, most recently approved first (with
 * `isSold`, `soldAt`); `GET /api/admin/submissions/{id}`: one (poll it while its replacement runs).
 */
export type AdminSubmissions = Submission[];

/** The `?status` values of `GET /api/admin/submissions`. */
export const SUBMISSION_LIST_FILTERS = ["pending", "rejected", "approved", "all"] as const;

/**
 * `PATCH /api/admin/submissions/{id}/approve` (PATCH with `targetTokenId`: docs/design.md#where-the-product-differs-from-a-plain-storefront): Approve &
 * Replace onto Pix `targetTokenId` (1..9999, 400 "Invalid token ID. Must be between 1 and 9999").
 * Only a pending submission (409 `submission_state`), only while the Pix is unminted on every chain
 * (409 `minted`) and not reserved by a sale (409 `reserved`), has art on every chain (409
 * `unavailable`), and no other replacement runs on it (409 `replacement_in_progress`); then
 * nothing is written. Otherwise the API holds the Pix (no sale can start), writes `replaceArt` on
 * every chain with the art-admin key and answers 202 with the Submission, `replacement.state`
 * `writing`: poll GET /api/admin/submissions/{id} until `done` (status `approved`, the old art
 * kept as a displaced original, the catalogue credits the artist with the submission's name and
 * description) or `failed` (retry, or abandon). 503 `art_admin_off` when the server has no
 * art-admin key. `artVersion` is the `Submission.artVersion` the admin reviewed: when the artist
 * replaced the piece since, 409 `submission_state` and nothing is written (look at it again).
 */
export interface ApproveSubmissionRequest {
  targetTokenId: number;
  artVersion: number;
  adminNotes?: string | null;
}

/**
 * `POST /api/admin/submissions/{id}/retry` (no body): resumes a `failed` replacement (409
 * `submission_state` unless failed). Each failed chain is checked first (the chain's current art,
 * the stored transaction's receipt), so nothing is ever sent twice blindly. Answers 202 with the
 * Submission.
 */
export type RetryReplacementResponse = Submission;

/**
 * `POST /api/admin/submissions/{id}/abandon` (no body): gives up a `failed` or `indexing`
 * replacement (409 `submission_state` while a chain is still pending or sent, or when it is
 * already being abandoned). Every chain whose art changed gets its old art back (the same durable
 * per-chain jobs; `replacement.abandonedAt` is set and Retry resumes a failed one), then the hold
 * on the Pix is released and the replacement is removed: the submission is `pending` again, with
 * `replacement` null (it can be edited, rejected, deleted or approved onto another Pix). Audited.
 * Answers 202 with the Submission.
 */
export type AbandonReplacementResponse = Submission;

/**
 * `PATCH /api/admin/submissions/{id}/reject`: the reason, required and non-blank (400 "Please
 * provide a reason for rejection"), at most 1000 characters. Only a pending submission with no
 * replacement under way (409 `submission_state`). Adds a `rejection` message to the conversation.
 * Answers the Submission (status `rejected`).
 */
export interface RejectSubmissionRequest {
  adminNotes: string;
}

/** The quick reasons of the reject dialog (docs/map.md#admin-area). */
export const QUICK_REJECTION_REASONS = [
  "Image quality too low",
  "Not suitable for collection style",
  "Colors exceed pixel art standards",
  "Missing artistic elements",
  "Technical issues with submission",
] as const;

/**
 * `DELETE /api/admin/submissions/{id}`: deletes a pending or rejected submission and its
 * conversation (409 `submission_state` for an approved one or one whose replacement is under way).
 * Answers a MessageResponse.
 */
export interface MessageResponse {
  message: string;
}

/* ---------- Displaced originals ---------- */

/** How many displaced originals the admin page shows (spec: 12). */
export const DISPLACED_PAGE_SIZE = 12;

/** The art a Pix had before an approved submission replaced it. */
export interface DisplacedOriginal {
  id: number;
  tokenId: number;
  /** The catalogue's name, description, tier and artist before the replacement. */
  name: string;
  description: string;
  rarity: TierName;
  artistId: number | null;
  artistName: string | null;
  art: PixelArt;
  colorCount: number;
  /** `/api/admin/displaced/{id}/image` (admins; `?size=9` for 9x9). */
  imageUrl: string;
  submissionId: number;
  submissionName: string;
  replacedAt: string;
}

/** `GET /api/admin/displaced?limit=12` (1..100, default 12): newest first, and how many exist. */
export interface DisplacedList {
  originals: DisplacedOriginal[];
  total: number;
}

/* ---------- NFTs ---------- */

/** One Pix as the admin's NFT tab sees it. */
export interface AdminNft extends Nft {
  /** Minted on any chain or bought by card: locked (409 `pix_sold` on edits). */
  isSold: boolean;
  /** A replacement under way (or failed) on this Pix. */
  replacement: { submissionId: number; state: ReplacementState } | null;
}

/**
 * `GET /api/admin/nfts?limit=10000&page=1` (limit 1..10000, default 10000): by token id. One Pix:
 * `GET /api/admin/nfts/{tokenId}` → AdminNft (404 "No NFT found with token ID n").
 */
export interface AdminNftList {
  nfts: AdminNft[];
  total: number;
}

/**
 * `PATCH /api/admin/nfts/{tokenId}` (and `POST /api/admin/nfts` with `tokenId` in the body, the
 * spec's other reading): the off-chain fields of an unsold Pix (409 `pix_sold`). `customName` (at
 * most 50) and `customDescription` (at most 500): null or blank clears; `artistId`: credits an
 * existing artist (404 unknown), only on an Artist-tier Pix (400), null clears. The on-chain
 * fields are accepted only unchanged (the page may send the whole form): a different `rarity`,
 * `mintPrice`, `isArtistPiece` or `imageUrl` answers 422 `onchain_field` naming them (tier and
 * prices change with the operator CLI, `npm run admin`; art only through Approve & Replace or
 * POST /api/admin/upload). Answers the AdminNft.
 */
export interface UpdateNftRequest {
  customName?: string | null;
  customDescription?: string | null;
  artistId?: number | null;
  rarity?: TierName;
  mintPrice?: string;
  isArtistPiece?: boolean;
  imageUrl?: string;
}

export interface CreateNftRequest extends UpdateNftRequest {
  tokenId: number;
}

/**
 * `POST /api/admin/upload`: multipart `tokenId`, and EITHER `image` OR `art` (as for
 * POST /api/artists/submit), optional `name` (default: the Pix's name) and `description`. Never
 * changes any art by itself: it becomes a pending submission without artist, with
 * `targetTokenId` suggested, that goes through the same Approve & Replace. Answers 201.
 */
export interface AdminUploadResponse {
  /** The submission's image (the spec's `{ path }`). */
  path: string;
  submission: Submission;
}

/* ---------- Artists ---------- */

/** An artist as the admin pages list them. */
export interface AdminArtist extends Artist {
  /** An account acts as this artist (linked at sign-in). */
  hasAccount: boolean;
  /** Submissions awaiting review. */
  pendingSubmissions: number;
}

/** `GET /api/admin/artists` and `GET /api/admin/artists-temp` (the same list): by name. */
export type AdminArtists = AdminArtist[];

/**
 * `POST /api/admin/artists` (201): name (required, 1..100) and email (required, valid; 409
 * `artist_email_taken` when another artist has it); bio (at most 1000), website (an http(s) URL);
 * flags default to approved and not verified. The account with that verified email acts as the
 * artist from its next sign-in.
 */
export interface CreateArtistRequest {
  name: string;
  email: string;
  bio?: string | null;
  website?: string | null;
  isApproved?: boolean;
  isVerified?: boolean;
}

/**
 * `PATCH /api/admin/artists/{id}`: any field; `name` non-blank when present (400 "Artist name is
 * required"). Changing the email unlinks the account that acted as the artist (the new email's
 * account links at its next sign-in). Answers the AdminArtist.
 */
export interface UpdateArtistRequest {
  name?: string;
  email?: string;
  bio?: string | null;
  website?: string | null;
  isApproved?: boolean;
  isVerified?: boolean;
}

/**
 * `DELETE /api/admin/artists/{id}`: refused (409 `artist_has_pieces`) while Pix or approved
 * submissions credit the artist; otherwise deletes it with its pending and rejected submissions
 * and ends impersonations of it. Answers a MessageResponse.
 */

/* ---------- Impersonation ---------- */

/**
 * `POST /api/admin/artist-login/{id}` (no body): starts viewing the artist area as artist `id` on
 * this session (spec: `{ artist, message }`); the artist routes act as that artist until
 * `POST /api/admin/artist-logout` (a MessageResponse; 200 also when none was active).
 */
export interface ImpersonationStarted {
  artist: Artist;
  message: string;
  impersonation: Impersonation;
}

/**
 * `GET /api/admin/impersonation` (admin): the artist this session views the artist area as, if
 * any: what the "Viewing as {artist} — End" banner shows on every page.
 */
export interface CurrentImpersonation {
  impersonation: Impersonation | null;
}

/* ---------- Audit log ---------- */

/**
 * What the admins did (every admin write, and every artist-route action taken while
 * impersonating): `GET /api/admin/audit-log?limit=100` (1..500), newest first.
 */
export interface AuditEntry {
  id: number;
  /** The admin's email (or first name). */
  admin: string;
  /** e.g. `submission.approve`, `artist.update`, `impersonation.start`, `as-artist.submit`. */
  action: string;
  artistId: number | null;
  submissionId: number | null;
  tokenId: number | null;
  /** A short human summary. */
  detail: string | null;
  createdAt: string;
}

/* ---------- Accounts ---------- */

/**
 * `GET /api/admin/users?search=` (search: 1..200 characters; an email or part of it, a wallet
 * address, or an account id): at most 20 accounts, newest first. Deleted accounts are left out.
 */
export interface AdminUser {
  id: number;
  email: string | null;
  firstName: string | null;
  wallets: string[];
  createdAt: string;
  /** Its live sessions, and when the latest of them signed in. */
  liveSessions: number;
  lastSignInAt: string | null;
  /** Every live API process lists its email in ADMIN_EMAILS. */
  adminEmail: boolean;
}

/** The most accounts one search answers. */
export const ADMIN_USER_SEARCH_LIMIT = 20;

/**
 * `DELETE /api/admin/users/{id}/sessions`: every session of the account ends (its browsers are
 * signed out at their next request, on every API process). Audited (`user.sessions.end`).
 */
export interface EndUserSessionsResponse {
  message: string;
  ended: number;
}

/* ---------- Error codes ---------- */

/** The codes of approve, retry, reject and delete of a submission (besides 400, 404, and 503 uncoded when the indexer or a chain is away). */
export const APPROVE_ERROR_CODES = [
  "submission_state",
  "replacement_in_progress",
  "minted",
  "reserved",
  "pix_sold",
  "unavailable",
  "art_admin_off",
] as const satisfies readonly ErrorCode[];

/** The codes of the NFT edits. */
export const NFT_EDIT_ERROR_CODES = ["pix_sold", "onchain_field", "replacement_in_progress"] as const satisfies readonly ErrorCode[];

/** The codes of the artist routes of the admin area. */
export const ADMIN_ARTIST_ERROR_CODES = ["artist_email_taken", "artist_has_pieces"] as const satisfies readonly ErrorCode[];
