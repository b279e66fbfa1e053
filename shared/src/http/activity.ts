/**
 * Live activity (api/src/activity/): `GET /api/activity?before=&limit=` (the history, newest
 * first) and `GET /api/activity/stream` (server-sent events, live). Chain events come from the
 * indexer's `activity` table (indexer/ponder.schema.ts); art replacements from the API's own.
 */

/** What the indexer records as activity on a chain (one row per log). */
export const CHAIN_ACTIVITY_KINDS = ["mint", "card_mint", "mint_to_wallet", "sale_opened", "sale_paused"] as const;
export type ChainActivityKind = (typeof CHAIN_ACTIVITY_KINDS)[number];

/** Where a chain put the log: every chain event carries it. */
interface OnChain {
  /**
   * `{chainId}-{block}-{logIndex}-{first 8 hex digits of the block hash}`: the same in every API
   * process and after restarts; a reorg that puts another log at that place gives it another id.
   */
  id: string;
  chainId: number;
  blockNumber: number;
  txHash: string;
  /** The block's time (ISO). */
  at: string;
}

/** A Pix minted to a wallet (`mint`), minted to custody for a card or freemint buyer (`card_mint`), or sent from custody to its buyer's wallet (`mint_to_wallet`). */
export interface PixActivity extends OnChain {
  kind: "mint" | "card_mint" | "mint_to_wallet";
  tokenId: number;
  /** Who received it (EIP-55): the buyer's wallet, or the custody address for a card mint. */
  account: string;
}

/** The contract on `chainId` opened (`sale_opened`) or paused (`sale_paused`) minting. */
export interface SaleActivity extends OnChain {
  kind: "sale_opened" | "sale_paused";
}

/** An approved artwork written onto Pix `tokenId`, once done on every chain. */
export interface ArtActivity {
  /** `art-{replacement id}`. */
  id: string;
  kind: "art_replaced";
  tokenId: number;
  /** The new piece's name, and its artist's (null for an admin's upload without an artist). */
  name: string;
  artistName: string | null;
  /** When the replacement finished (ISO). */
  at: string;
}

export type ActivityEvent = PixActivity | SaleActivity | ArtActivity;

/** The history's page size: `limit` defaults to it and may not exceed ACTIVITY_PAGE_MAX. */
export const ACTIVITY_PAGE_DEFAULT = 20;
export const ACTIVITY_PAGE_MAX = 100;

/** `GET /api/activity?before=<event id>&limit=1..100`: newest first, strictly older than `before`. */
export interface ActivityPage {
  events: ActivityEvent[];
  /** The id to pass as `before` for the next page; null when this page reaches the oldest event. */
  next: string | null;
}

/** Minted Pix per indexed chain, and over every chain. */
export interface ActivityCounters {
  chains: { chainId: number; minted: number }[];
  total: number;
}

/**
 * The stream's event names (the SSE `event:` field); `data:` is JSON. Every message carries an SSE
 * `id:` (a cursor over every source, not an event id) that a reconnect sends back as
 * `Last-Event-ID` to get exactly what it missed.
 * - `ready`: first, `ActivityCounters`; the stream is live from here.
 * - `activity`: an `ActivityEvent`.
 * - `retract`: `{ id }`: a chain reorganisation dropped that event (never on final blocks).
 * - `counters`: `ActivityCounters`, whenever they change.
 * - `reset`: `{}`: the position in `Last-Event-ID` is gone (a reorg dropped its block while the
 *   client was away) or unknown: reload the history, then follow on.
 */
const ACTIVITY_STREAM_EVENTS = ["ready", "activity", "retract", "counters", "reset"] as const;
export type ActivityStreamEvent = (typeof ACTIVITY_STREAM_EVENTS)[number];
