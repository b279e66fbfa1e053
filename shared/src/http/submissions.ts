/**
 * Artwork submissions and their conversations (docs/map.md#submission, docs/map.md#validation, docs/map.md#the-api-calls; the API's
 * api/src/submissions/ and api/src/conversations/). Artists submit a 9x9 piece of at most 16
 * colours, as an uploaded image (converted by the server) or drawn in the page; admins review it
 * (shared/src/http/admin.ts) and Approve & Replace writes it on-chain onto an unminted Pix.
 *
 * Who may call what: "artist" is the signed-in user's approved artist profile, or the artist an
 * admin impersonates (POST /api/admin/artist-login/{id}; every action then counts as the admin's).
 * An artist profile not yet approved answers 403 `artist_pending` on every artist route but
 * `GET /api/artists/current`.
 */
import { COLLECTION } from "../collection.ts";
import type { ErrorCode } from "./errors.ts";
import { CUSTOM_DESCRIPTION_MAX, CUSTOM_NAME_MAX } from "./owners.ts";

/** Limits the server checks again whatever the page sent (docs/map.md#validation). */
export const SUBMISSION_LIMITS = {
  /** Name: trimmed, 1..50 characters (a Pix's name limit), plain text. */
  nameMax: CUSTOM_NAME_MAX,
  /** Description: optional, at most 500 characters, plain text (line breaks allowed). */
  descriptionMax: CUSTOM_DESCRIPTION_MAX,
  /** An uploaded file: at most 2 MB (413 `image_too_large` above). */
  uploadMaxBytes: 2 * 1024 * 1024,
  /** An uploaded image: square, 9..2048 pixels a side (422 `image_size` / `image_not_square`). */
  imageMinSide: COLLECTION.gridSize,
  imageMaxSide: 2048,
  /** Colours after the conversion to 9x9 (422 `image_too_many_colors` above). */
  maxColors: COLLECTION.maxColors,
  /** A chat message: trimmed, 1..2000 characters. */
  messageMax: 2000,
  /** Admin notes (approve, reject): at most 1000 characters. */
  adminNotesMax: 1000,
} as const;

/**
 * Image formats an upload may be, recognised by the file's bytes (never its name or declared
 * type). SVG is refused (never rasterised: it can carry scripts and references); so is anything
 * else (415 `image_unsupported`). For `<input accept>`.
 */
export const ACCEPTED_IMAGE_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp", "image/avif", "image/tiff"] as const;

/**
 * A 9x9 piece as the HTTP contract carries it (the pixel codec's form, shared/src/art/codec.ts):
 * 1..16 distinct colours `#rrggbb` (lower case in answers) and 81 indices into them, row-major,
 * top-left first. Answers give it canonical: palette by use, most used first, unused colours dropped.
 */
export interface PixelArt {
  palette: string[];
  pixels: number[];
}

/** A submission's review state (docs/map.md#submission). */
export const SUBMISSION_STATUSES = ["pending", "approved", "rejected"] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

/**
 * Approve & Replace on one chain (a durable job in the API's database):
 * `pending` (nothing sent yet) → `sent` (transaction signed and stored, then broadcast; `txHash`
 * set) → `confirmed` (mined and successful), or `failed` (`error` says why; the admin may retry).
 */
export const CHAIN_JOB_STATES = ["pending", "sent", "confirmed", "failed"] as const;
export type ChainJobState = (typeof CHAIN_JOB_STATES)[number];

export interface ChainReplacement {
  chainId: number;
  chainName: string;
  state: ChainJobState;
  txHash: string | null;
  /** Why it failed, in a sentence for the admin (no RPC URLs or keys); null unless failed. */
  error: string | null;
  updatedAt: string;
}

/**
 * The replacement as a whole: `writing` while some chain is pending or sent; `indexing` once every
 * chain confirmed, until the indexer shows the new art on every chain; `failed` when a chain
 * failed and nothing is still moving (the admin sees which and retries:
 * POST /api/admin/submissions/{id}/retry, or abandon it: .../abandon); `done` once indexed
 * everywhere (the submission is then `approved`). A Pix is never shown as done with different art
 * on two chains. While abandoned (`abandonedAt` set) the same states tell how the old art is
 * written back.
 */
export type ReplacementState = "writing" | "indexing" | "failed" | "done";

export interface ArtReplacement {
  tokenId: number;
  state: ReplacementState;
  chains: ChainReplacement[];
  startedAt: string;
  finishedAt: string | null;
  /** Set once an admin abandoned it: the chains are given their old art back, then it is removed. */
  abandonedAt: string | null;
}

/**
 * A submission (docs/map.md#submission). Its status stays `pending` while Approve & Replace
 * runs (`replacement` shows the progress) and becomes `approved` only when every chain has the
 * art and the indexer shows it.
 */
export interface Submission {
  id: number;
  name: string;
  description: string | null;
  /** null for an admin's own upload (POST /api/admin/upload). */
  artistId: number | null;
  artistName: string | null;
  /** `/api/submissions/{id}/image?v={artVersion}` (owner artist and admins only); `?size=9` for 9x9. */
  imageUrl: string;
  art: PixelArt;
  /** +1 each time the artist replaces the piece; the approve sends the one the admin reviewed. */
  artVersion: number;
  colorCount: number;
  /** The piece's symmetry, as `Nft.symmetryType` names it ("none", "vertical", ...). */
  symmetryType: string;
  status: SubmissionStatus;
  adminNotes: string | null;
  /**
   * The Pix it replaces: set by the approve, kept while the replacement runs and after; for an
   * admin's upload, the Pix suggested before it is approved.
   */
  targetTokenId: number | null;
  /** Approved and its Pix minted since (spec: "approved submissions may be marked sold"). */
  isSold: boolean;
  soldAt: string | null;
  /** Whether its artist may still edit it (not approved, no replacement under way). */
  editable: boolean;
  replacement: ArtReplacement | null;
  /**
   * Messages of the other side (the artist's for an admin, admins' for the artist) in its
   * conversation that the caller has not read: written after the caller last opened it.
   */
  unreadMessages: number;
  createdAt: string;
  updatedAt: string;
  approvedAt: string | null;
}

/**
 * `POST /api/artists/submit` (artist): multipart/form-data with the fields `name`, `description`
 * (optional) and EITHER `image` (a file: see ACCEPTED_IMAGE_TYPES and SUBMISSION_LIMITS; the
 * server converts it to 9x9 and refuses it with the exact reason) OR `art` (a PixelArt as a JSON
 * string: the piece drawn in the page). Also accepted as an application/json body of this type
 * (drawn art only). Answers 201 with the Submission (status `pending`). Missing name or image/art:
 * 400 "Missing Information: Please provide a name and image for your artwork."
 */
export interface SubmitArtworkRequest {
  name: string;
  description?: string | null;
  art: PixelArt;
}

/** The multipart field names of `POST /api/artists/submit` and `POST /api/artists/submissions/upload-image`. */
export const SUBMISSION_FORM_FIELDS = {
  name: "name",
  description: "description",
  image: "image",
  art: "art",
  submissionId: "submissionId",
} as const;

/**
 * `PATCH /api/artists/submissions/{id}` (artist; own submissions only, 404 otherwise): name and/or
 * description; a blank or null description clears it. Only while `editable` (409
 * `submission_state` otherwise). Editing a rejected submission sends it back to review
 * (status `pending`). Answers the Submission.
 */
export interface UpdateSubmissionRequest {
  name?: string;
  description?: string | null;
}

/**
 * `POST /api/artists/submissions/upload-image` (artist; own, editable submissions): multipart
 * `submissionId` and EITHER `image` OR `art` (as for submit); replaces the piece (a rejected
 * submission goes back to `pending`). Answers the Submission with its new `imageUrl`.
 */
export type UploadSubmissionImageResponse = Submission;

/** `GET /api/artists/submissions` (artist): the artist's submissions, newest first. */
export type ArtistSubmissions = Submission[];

/**
 * `GET /api/submissions/{id}/image?size=288|9` (the owner artist and admins; 404 for another
 * artist, 403 for a signed-in user with neither role, 401 signed out): the piece as an
 * indexed-colour PNG, `Cache-Control: private`.
 */
export const SUBMISSION_IMAGE_SIZES = [COLLECTION.scaledSize, COLLECTION.gridSize] as const;

/** Conversation messages (docs/map.md#conversation-message). */
export const MESSAGE_TYPES = ["text", "rejection", "approval"] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/**
 * A message of a submission's conversation. `senderType` is `admin` for admins, and also for an
 * admin impersonating the artist (every action during impersonation counts as the admin's).
 * A rejection (PATCH /api/admin/submissions/{id}/reject) adds a `rejection` message with its
 * notes; a completed Approve & Replace adds an `approval` message.
 */
export interface ConversationMessage {
  id: number;
  submissionId: number;
  message: string;
  senderType: "admin" | "artist";
  /** The sender's display name (the artist's name, or the admin's first name or email). */
  senderName: string | null;
  messageType: MessageType;
  createdAt: string;
}

/**
 * `GET /api/submissions/{id}/conversations` (owner artist and admins): every message, oldest
 * first. `POST` the same path with this body: a text message (trimmed, 1..2000 characters, line
 * breaks allowed); answers 201 with the created ConversationMessage.
 */
export interface PostMessageRequest {
  message: string;
}

/** The codes `POST /api/artists/submit` and `POST /api/artists/submissions/upload-image` answer with (besides 400, 401, 403, 404, 429). */
export const SUBMIT_ERROR_CODES = [
  "artist_pending",
  "submission_state",
  "image_too_large",
  "image_unsupported",
  "image_not_square",
  "image_size",
  "image_too_many_colors",
] as const satisfies readonly ErrorCode[];

/** The codes of `PATCH /api/artists/submissions/{id}`, the artist's lists and the conversations. */
export const ARTIST_ROUTE_ERROR_CODES = ["artist_pending", "submission_state"] as const satisfies readonly ErrorCode[];
