import { BaseError, ContractFunctionRevertedError, decodeErrorResult, type Hex } from "viem";
import { pixlingsAbi } from "@pixlings/shared/contract";

/** The revert data somewhere in a viem error's chain, if the node sent any. */
function revertData(error: BaseError): Hex | undefined {
  const found = error.walk((e) => typeof (e as { data?: unknown }).data === "string" && String((e as { data: string }).data).startsWith("0x"));
  return (found as { data?: Hex } | null)?.data;
}

/** The contract's error name when `error` is one of its reverts (a call's, or a send's gas estimate), else undefined. */
export function revertErrorName(error: unknown): string | undefined {
  if (!(error instanceof BaseError)) return undefined;
  const decoded = error.walk((e) => e instanceof ContractFunctionRevertedError && e.data?.errorName !== undefined);
  if (decoded instanceof ContractFunctionRevertedError) return decoded.data?.errorName;
  const data = revertData(error);
  if (!data || data.length < 10) return undefined;
  try {
    return decodeErrorResult({ abi: pixlingsAbi, data }).errorName;
  } catch {
    // Not one of the contract's errors.
    return undefined;
  }
}

/** A short reason for a failed send or call: the contract's error name when it reverted. */
export function revertReason(error: unknown): string {
  if (!(error instanceof BaseError)) return error instanceof Error ? error.message : String(error);
  const name = revertErrorName(error);
  return name ? `reverted: ${name}` : error.shortMessage;
}
