import { BaseError, decodeErrorResult, type Hex } from "viem";
import { pixlingsAbi } from "@pixlings/shared/contract";

/** The revert data somewhere in a viem error's chain, if the node sent any. */
function revertData(error: BaseError): Hex | undefined {
  const found = error.walk((e) => typeof (e as { data?: unknown }).data === "string" && String((e as { data: string }).data).startsWith("0x"));
  return (found as { data?: Hex } | null)?.data;
}

/** A short reason for a failed send or call: the contract's error name when it reverted. */
export function revertReason(error: unknown): string {
  if (!(error instanceof BaseError)) return error instanceof Error ? error.message : String(error);
  const data = revertData(error);
  if (data && data.length >= 10) {
    try {
      return `reverted: ${decodeErrorResult({ abi: pixlingsAbi, data }).errorName}`;
    } catch {
      // Not one of the contract's errors: the message says more.
    }
  }
  return error.shortMessage;
}
