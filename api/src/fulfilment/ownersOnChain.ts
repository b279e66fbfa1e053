import { BaseError, ContractFunctionRevertedError, type Address } from "viem";
import { pixlingsAbi } from "@pixlings/shared/contract";
import type { CustodyChain } from "./custodyChain.ts";

/** Whether `error` is the contract refusing ownerOf for an id nobody owns yet. */
const notMinted = (error: unknown): boolean =>
  error instanceof BaseError && error.walk((e) => e instanceof ContractFunctionRevertedError && e.data?.errorName === "TokenNotMinted") !== null;

/**
 * Each id's owner on the primary chain as its latest block says, null for an id not minted yet:
 * what custody work checks before it sends anything. An RPC failure throws (nothing is decided).
 */
export async function ownersOnChain(chain: CustodyChain, tokenIds: readonly number[]): Promise<Map<number, Address | null>> {
  const owners = await Promise.all(
    tokenIds.map((id) =>
      chain.client.readContract({ address: chain.contract, abi: pixlingsAbi, functionName: "ownerOf", args: [BigInt(id)] }).catch((error: unknown) => {
        if (notMinted(error)) return null;
        throw error;
      }),
    ),
  );
  return new Map(tokenIds.map((id, i) => [id, owners[i] ?? null]));
}
