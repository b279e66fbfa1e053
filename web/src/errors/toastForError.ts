import { ERROR_STATUS, type ApiErrorBody } from "@pixlings/shared/http/errors";
import { isHeldUntilDone } from "@pixlings/shared/http/nfts";
import { AUTHORIZE_ERROR_CODES, type AuthorizeErrorBody } from "@pixlings/shared/http/sale";
import { ApiError } from "../api/apiClient.ts";
import type { ToastInput } from "../toast/toastStore.ts";
import {
  ConnectCancelledError,
  NoWalletError,
  TransactionRevertedError,
  UnsupportedChainError,
  VoucherExpiredError,
  WalletNotConnectedError,
} from "./appErrors.ts";

/** Where an error happened: picks the toast's title and the spec's "... {reason}" wording. */
export type ErrorContext = "connect" | "switch" | "sign-in" | "mint" | "checkout" | "load";

interface ErrorLike {
  name?: unknown;
  code?: unknown;
  shortMessage?: unknown;
  message?: unknown;
  cause?: unknown;
}

/** EIP-1193 4001 (or viem's UserRejectedRequestError) anywhere in the cause chain. */
export function isUserRejection(error: unknown): boolean {
  for (let e = error as ErrorLike | undefined, depth = 0; e && typeof e === "object" && depth < 10; e = e.cause as ErrorLike, depth++) {
    if (e.code === 4001 || e.name === "UserRejectedRequestError") return true;
  }
  return false;
}

/** A short human reason for a wallet or library error. */
function errorReason(error: unknown): string {
  if (isUserRejection(error)) return "You rejected the request in your wallet.";
  const e = error as ErrorLike | undefined;
  if (typeof e?.shortMessage === "string" && e.shortMessage) return e.shortMessage;
  if (typeof e?.message === "string" && e.message) return e.message.split("\n")[0] ?? e.message;
  return String(error);
}

function utcTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${date.toISOString().slice(11, 19)} UTC`;
}

function pixList(tokenIds: readonly number[] | undefined): string {
  return tokenIds && tokenIds.length > 0 ? tokenIds.map((id) => `Pix #${id}`).join(", ") : "A Pix in your order";
}

/** What the buyer reads for each code `POST /api/mint/authorize` answers with; undefined: "status: body". */
function saleErrorMessage(body: AuthorizeErrorBody): string | undefined {
  switch (body.code) {
    case "minted":
    case "client_cap":
    case "renewal_limit":
    case "sales_paused":
    case "minting_paused":
      return body.message;
    case "reserved":
      if (body.reservedUntil && isHeldUntilDone(body.reservedUntil))
        return `${pixList(body.tokenIds)} is on hold while another order is completed: it is not for sale right now.`;
      return `${pixList(body.tokenIds)} is reserved by another buyer${body.reservedUntil ? ` until ${utcTime(body.reservedUntil)}` : ""}. It frees up then if their mint does not go through; try again after that.`;
    case "wallet_cap":
      return `${body.message}. A wallet can hold at most 10 Pixlings across all chains; remove some Pix from this order.`;
    case "reservation_cap":
      return `${body.message}. You already hold the most reserved Pix at once; finish or let your pending mints expire, then try again.`;
    case "insufficient_funds":
      return `${body.message}. Add funds or pick fewer Pix.`;
    case "cooldown":
      return `${body.message}.`;
    case "unavailable":
      return undefined;
    default:
      return unhandled(body);
  }
}

/** A code the switch above forgot does not compile. */
const unhandled = (body: never): undefined => body;

const isAuthorizeError = (body: ApiErrorBody): body is AuthorizeErrorBody => (AUTHORIZE_ERROR_CODES as readonly (string | undefined)[]).includes(body.code);

/** A clear sentence for the API's errors (their codes: `@pixlings/shared/http/*`); "status: body" for anything it does not explain. */
function apiErrorMessage(error: ApiError): string {
  const body = error.body;
  if (body && isAuthorizeError(body) && ERROR_STATUS[body.code] === error.status) {
    const message = saleErrorMessage(body);
    if (message !== undefined) return message;
  }
  if (error.status === 429) {
    const seconds = body && "retryAfter" in body ? body.retryAfter : undefined;
    return `Too many requests: please wait${typeof seconds === "number" ? ` ${seconds} s` : " a moment"} and try again.`;
  }
  if (error.status === 401 && body) return `401: ${body.message}`;
  return error.message;
}

const TITLES: Record<ErrorContext, string> = {
  connect: "Connection Failed",
  switch: "Failed to switch chain",
  "sign-in": "Sign-In Failed",
  mint: "Mint Failed",
  checkout: "Minting Failed",
  load: "Error",
};

/** The toast for an error (docs/map.md#errors), or undefined when there is nothing to say. */
export function toastForError(error: unknown, context: ErrorContext): ToastInput | undefined {
  const destructive = (title: string, description: string): ToastInput => ({ title, description, variant: "destructive" });
  if (error instanceof ConnectCancelledError) {
    // Closing the connect dialog is no failure; but a mint cannot go on without a wallet, so say so quietly.
    if (context === "mint") return { title: "Wallet Required", description: "Please connect your wallet to mint this Pix." };
    if (context === "checkout") return { title: "Wallet Required", description: "Please connect your wallet to mint these Pix." };
    return undefined;
  }
  if (error instanceof NoWalletError) {
    return error.mobile
      ? destructive("MetaMask Not Found", "MetaMask not detected. Please use MetaMask mobile browser or install MetaMask app.")
      : destructive("No Wallet Detected", "Please install MetaMask browser extension");
  }
  if (error instanceof WalletNotConnectedError) {
    const minting = context === "mint" || context === "checkout";
    return destructive("Wallet Not Connected", minting ? "Please connect your wallet to mint this NFT" : "Please connect your wallet first");
  }
  if (error instanceof UnsupportedChainError) return destructive(context === "switch" ? TITLES.switch : "Unsupported Chain", error.message);
  if (error instanceof ApiError) return destructive(TITLES[context], apiErrorMessage(error));
  if (error instanceof VoucherExpiredError) return destructive(TITLES[context], error.message);
  if (error instanceof TransactionRevertedError) return destructive(TITLES[context], `Minting failed: ${error.message}`);
  const reason = errorReason(error);
  switch (context) {
    case "connect":
      return destructive(TITLES.connect, `Failed to connect wallet: ${reason}`);
    case "switch":
      return destructive(TITLES.switch, `Failed to switch network: ${reason}`);
    case "mint":
    case "checkout":
      return destructive(TITLES[context], `Minting failed: ${reason}`);
    default:
      return destructive(TITLES[context], reason);
  }
}
