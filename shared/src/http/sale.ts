/** Crypto sales: `GET /api/chains`, `POST /api/mint/authorize` (vouchers), `POST /api/mint/specific`. */
import type { Address, Hash, Hex } from "viem";
import type { Network } from "../chains.ts";
import type { NativeCoin } from "../tiers.ts";
import type { CodedErrorBody, ErrorCode } from "./errors.ts";

/** One chain on sale as browsers see it (`GET /api/chains`: every one, primary first). */
export interface ChainInfo {
  chainId: number;
  name: string;
  network: Network;
  coin: NativeCoin;
  contract: Address;
  /** A public RPC URL browsers may use, never the server's own (which may carry a key). */
  rpcUrl: string;
  explorerUrl: string | null;
  gasLabel: string;
  primary: boolean;
}

/** `POST /api/mint/authorize` (signed in with Ethereum): 1..10 distinct ids. */
export interface AuthorizeRequest {
  tokenIds: number[];
  chainId: number;
}

/** The EIP-712 mint voucher as JSON (shared/src/voucher.ts signs it with bigints). */
interface SignedVoucher {
  chainId: number;
  contract: Address;
  recipient: Address;
  ids: number[];
  /** Unix seconds. */
  deadline: number;
  signature: Hex;
}

/** `POST /api/mint/authorize`: the voucher for `mint(ids, deadline, signature)`. */
export interface MintAuthorization {
  voucher: SignedVoucher;
  /** Wei, decimal string: the sum of the tier prices on that chain; what `mint` is sent with. */
  value: string;
  /** ISO time: the ids are held at least until then. */
  reservedUntil: string;
}

/** The codes `POST /api/mint/authorize` answers with (besides uncoded `ErrorBody`s: 400, 401, 503, and 429 `RateLimitedBody`). */
export const AUTHORIZE_ERROR_CODES = [
  "minted",
  "reserved",
  "unavailable",
  "client_cap",
  "reservation_cap",
  "wallet_cap",
  "renewal_limit",
  "insufficient_funds",
  "cooldown",
  "sales_paused",
  "minting_paused",
] as const satisfies readonly ErrorCode[];

/** The coded error bodies of `POST /api/mint/authorize`. */
export type AuthorizeErrorBody = CodedErrorBody<(typeof AUTHORIZE_ERROR_CODES)[number]>;

/** `POST /api/mint/specific`: a mint transaction to verify from the chain. */
export interface SpecificRequest {
  tokenId?: number;
  tokenIds?: number[];
  paymentMethod: "crypto";
  walletAddress: Address;
  chainId: number;
  transactionHash: Hash;
}

/** `POST /api/mint/specific`: what the transaction minted to the wallet, from its logs. */
export interface ConfirmedMint {
  txHash: Hash;
  chainId: number;
  tokenIds: number[];
}

/** The codes `POST /api/mint/specific` answers with (besides uncoded `ErrorBody`s: 400, 404, 422, 503, and 429 `RateLimitedBody`). */
export const SPECIFIC_ERROR_CODES = ["confirmations"] as const satisfies readonly ErrorCode[];
