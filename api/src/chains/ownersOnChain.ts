import { BaseError, ContractFunctionRevertedError, type Address, type PublicClient } from "viem";
import { pixlingsAbi } from "@pixlings/shared/contract";

/** Whether `error` is the contract refusing ownerOf for an id nobody owns yet. */
const notMinted = (error: unknown): boolean =>
  error instanceof BaseError && error.walk((e) => e instanceof ContractFunctionRevertedError && e.data?.errorName === "TokenNotMinted") !== null;

/**
 * Each id's owner as the chain's latest block (or `at.blockNumber`) says, null for an id not minted
 * yet (the contract's `TokenNotMinted`, told by its decoded error, never by a message's words): the
 * one "minted on chain?" read of the API (custody work before it sends, whether a custody mint is
 * final, a buyer's renewal, Approve & Replace). An RPC failure or any other revert throws: nothing
 * is decided.
 */
export async function ownersOnChain(
  chain: { client: PublicClient; contract: Address },
  tokenIds: readonly number[],
  at: { blockNumber?: bigint } = {},
): Promise<Map<number, Address | null>> {
  const owners = await Promise.all(
    tokenIds.map((id) =>
      chain.client.readContract({ address: chain.contract, abi: pixlingsAbi, functionName: "ownerOf", args: [BigInt(id)], ...at }).catch((error: unknown) => {
        if (notMinted(error)) return null;
        throw error;
      }),
    ),
  );
  return new Map(tokenIds.map((id, i) => [id, owners[i] ?? null]));
}
