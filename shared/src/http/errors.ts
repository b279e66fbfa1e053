/**
 * The error answers of the Pixlings API (every `/api` route): one home for each code, the status
 * it comes with and the fields beside `message`. The API throws only these codes
 * (api/src/http/HttpError.ts); the web app narrows on them (web/src/errors/toastForError.ts).
 * Which route answers which code: the `*_ERROR_CODES` lists of each area (sale.ts, auth.ts,
 * checkout.ts, submissions.ts, admin.ts, account.ts).
 */

/** Every error answer: a sentence for people; 4xx for what the client got wrong, 503 for a dependency away. */
export interface ErrorBody {
  message: string;
  code?: never;
}

/** 429 of a rate limit (also sent as `Retry-After`). */
export interface RateLimitedBody extends ErrorBody {
  retryAfter: number;
}

/** The fields each code adds to `{ message, code }`. */
export interface ErrorDetails {
  /** An id is minted on some chain. */
  minted: { tokenIds: number[]; chainId: number };
  /** Another buyer (or a hold for another chain) holds an id; `reservedUntil` is unknown after a lost race. */
  reserved: { tokenIds: number[]; reservedUntil?: string };
  /** No art on that chain yet. */
  unavailable: { tokenIds: number[] };
  /** Live holds per client (IP, IPv6 /64). */
  client_cap: { limit: number; reserved: number };
  /** Holds per address. */
  reservation_cap: { limit: number; reserved: number };
  /** Minted plus reserved per wallet, across chains. */
  wallet_cap: { limit: number; minted: number; reserved: number };
  /** A hold renewed too often. */
  renewal_limit: { tokenIds: number[]; reservedUntil: string };
  /** Wei, decimal strings: the wallet's balance and what the order and its other holds cost. */
  insufficient_funds: { balance: string; needed: string };
  /** A buyer's ids waiting for a card payment, past the per-buyer cap. */
  unpaid_cap: { limit: number; reserved: number };
  /** A voucher, or a card checkout, for an id expired unused lately. */
  cooldown: { tokenIds: number[]; retryAfter: number };
  /** The indexer or a chain is away or behind. */
  sales_paused: { retryAfter: number };
  /** The contract does not mint on that chain. */
  minting_paused: { retryAfter: number };
  /** The mint transaction has fewer confirmations than required. */
  confirmations: { confirmations: number; required: number };
  /**
   * The wallet is the only wallet of an account of its own (no Google identity): it moves to this
   * account only when the request confirms it (`confirmMove`, with a fresh signature).
   */
  wallet_has_own_account: { walletAddress: string };
  /** The wallet belongs to another account (one with Google, or with more wallets): never moved. */
  wallet_linked_elsewhere: { walletAddress: string };
  /** A card checkout's client total is not what the Pix cost now: `totalAmount`, USD cents. */
  stale_total: { totalAmount: number };
  /** Card payments are not configured on this server. */
  card_payments_off: Record<never, never>;
  /** A card Pix's cooling-off after its payment: Mint to Wallet opens at `until` (ISO). */
  transfer_hold: { until: string };
  /** The Pix's order is frozen (a dispute, a refund made outside the shop, a fraud warning); `forGood`: nothing will lift it. */
  frozen: { reason: string; forGood: boolean };
  /**
   * An admin's release of a frozen order refused: not frozen, frozen for good, a dispute open (the
   * card's issuer decides it), or Stripe's latest word still being read. `cause`: what froze it.
   */
  not_releasable: { cause: string | null };
  /** The artist profile is not approved yet: only `GET /api/artists/current` answers. */
  artist_pending: Record<never, never>;
  /** The submission's state does not allow this: its `status` (a SubmissionStatus) and its replacement's state, if any. */
  submission_state: { status: string; replacement: string | null };
  /** An Approve & Replace is under way (or failed, awaiting retry) on that Pix. */
  replacement_in_progress: { tokenId: number; submissionId: number };
  /** The Pix is sold (minted on a chain or bought by card): its off-chain fields are locked. */
  pix_sold: { tokenId: number };
  /** Fields that live on-chain (tier, price, art) cannot be edited off-chain: use the operator CLI or Approve & Replace. */
  onchain_field: { fields: string[] };
  /** The server has no art-admin key (ART_ADMIN_PRIVATE_KEY): Approve & Replace is off. */
  art_admin_off: Record<never, never>;
  /** Another artist has that email. */
  artist_email_taken: { artistId: number };
  /** Pix or approved submissions credit the artist. */
  artist_has_pieces: { pieces: number; approvedSubmissions: number };
  /** An upload over the size limit, in bytes. */
  image_too_large: { maxBytes: number };
  /** Not an image of an accepted format, by its bytes (`detected`: what it looks like, e.g. "svg", or null). */
  image_unsupported: { accepted: string[]; detected: string | null };
  /** An image that is not square. */
  image_not_square: { width: number; height: number };
  /** A square image smaller or larger than allowed, in pixels a side. */
  image_size: { width: number; height: number; min: number; max: number };
  /** More colours than a piece may have after the conversion to 9x9. */
  image_too_many_colors: { colors: number; max: number };
  /** The account cannot be deleted yet: what it would lose (a hold, an order under way, Pix held for it). */
  account_in_use: { reasons: string[] };
}

/** The status each code is answered with. */
export const ERROR_STATUS = {
  minted: 409,
  reserved: 409,
  unavailable: 409,
  client_cap: 409,
  reservation_cap: 409,
  wallet_cap: 409,
  renewal_limit: 409,
  unpaid_cap: 409,
  insufficient_funds: 402,
  cooldown: 429,
  sales_paused: 503,
  minting_paused: 503,
  confirmations: 409,
  wallet_has_own_account: 409,
  wallet_linked_elsewhere: 409,
  stale_total: 409,
  card_payments_off: 503,
  transfer_hold: 409,
  frozen: 409,
  not_releasable: 409,
  artist_pending: 403,
  submission_state: 409,
  replacement_in_progress: 409,
  pix_sold: 409,
  onchain_field: 422,
  art_admin_off: 503,
  artist_email_taken: 409,
  artist_has_pieces: 409,
  image_too_large: 413,
  image_unsupported: 415,
  image_not_square: 422,
  image_size: 422,
  image_too_many_colors: 422,
  account_in_use: 409,
} as const satisfies Record<keyof ErrorDetails, 402 | 403 | 409 | 413 | 415 | 422 | 429 | 503>;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** The body of an error with code `C`. */
export type CodedErrorBody<C extends ErrorCode = ErrorCode> = { [K in C]: { message: string; code: K } & ErrorDetails[K] }[C];

/** Any error body of the API. */
export type ApiErrorBody = ErrorBody | RateLimitedBody | CodedErrorBody;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(ERROR_STATUS, value);
}
