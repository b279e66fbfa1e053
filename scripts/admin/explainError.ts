import { BaseError, decodeErrorResult, HttpRequestError, isHex, type Hex } from "viem";
import { pixlingsAbi } from "@pixlings/shared/contract";

/** What each of the contract's errors means to an operator. */
const REVERT_MEANING: Readonly<Record<string, string>> = {
  Unauthorized: "the key is not the owner, or lacks the role this call needs",
  NotPendingOwner: "only the pending owner can accept the ownership",
  ZeroAddress: "the zero address is not allowed here",
  PriceTooHigh: "a price is above the contract's limit (2^80 - 1 wei)",
  RoyaltyTooHigh: "royalties are at most 10,000 basis points (100%)",
  ArtFrozen: "the Pix is minted: its art is frozen",
  TokenNotForSale: "the Pix has no art on this chain yet",
  TokenOutOfRange: "token ids are 1-9999",
  InvalidArt: "the art is not a valid piece (9x9, at most 16 colours)",
};

function revertDataOf(error: BaseError): Hex | undefined {
  let found: Hex | undefined;
  error.walk((e) => {
    const data = (e as { data?: unknown }).data;
    const hex = typeof data === "object" && data !== null ? (data as { data?: unknown }).data : data;
    if (typeof hex === "string" && isHex(hex) && hex.length >= 10) found = hex;
    return found !== undefined;
  });
  return found;
}

/** The contract error an RPC error carries, named and explained (`ArtFrozen(5): the Pix is minted...`). */
export function describeRevert(error: unknown): string | undefined {
  if (!(error instanceof BaseError)) return undefined;
  const data = revertDataOf(error);
  if (!data) return undefined;
  try {
    const decoded = decodeErrorResult({ abi: pixlingsAbi, data });
    const args = decoded.args?.length ? `(${decoded.args.map(String).join(", ")})` : "";
    const meaning = REVERT_MEANING[decoded.errorName];
    return `${decoded.errorName}${args}${meaning ? `: ${meaning}` : ""}`;
  } catch {
    return `unknown error data ${data.slice(0, 10)}`;
  }
}

/** An RPC URL as shown to the operator: its origin only, since paths often carry an API key. */
function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.pathname === "/" && !parsed.search ? parsed.origin : `${parsed.origin}/…`;
  } catch {
    return "(an invalid URL)";
  }
}

/** `text` ending with a full stop (messages end with one whoever wrote them). */
function sentence(text: string): string {
  return /[.!?]$/.test(text.trimEnd()) ? text : `${text}.`;
}

/**
 * One line for an error, never a stack: a contract revert by name and meaning, an RPC that cannot
 * be reached with its URL, else viem's short message or the error's message.
 */
export function explainError(error: unknown, where: { network: string; url: string }): string {
  const revert = describeRevert(error);
  if (revert) return `${where.network}: the contract refuses: ${revert}.`;
  if (error instanceof BaseError) {
    const http = error.walk((e) => e instanceof HttpRequestError) as HttpRequestError | null;
    if (http) return `${where.network}: cannot reach the RPC at ${redactUrl(where.url)} (${http.details || http.shortMessage}).`;
    return `${where.network}: ${sentence(error.shortMessage)}`;
  }
  return `${where.network}: ${sentence(error instanceof Error ? error.message : String(error))}`;
}
