import { pixlingsAbi } from "@pixlings/shared/contract";
import { publicClientOf } from "../chains/publicClientOf.ts";
import { CodedError } from "../http/HttpError.ts";
import type { SaleChain } from "./saleConfig.ts";

/**
 * Which of `tokenIds` `chain`'s contract says are minted, read from the chain itself (`ownerOf`
 * answers for a minted id and reverts `TokenNotMinted` otherwise). For the few ids a buyer renews:
 * the indexer may not show a mint of seconds ago, and the hold protects nobody else from it.
 */
export async function mintedOnChain(chain: SaleChain, tokenIds: readonly number[]): Promise<number[]> {
  const client = publicClientOf(chain);
  const owners = await Promise.all(
    tokenIds.map((id) =>
      client.readContract({ address: chain.contract, abi: pixlingsAbi, functionName: "ownerOf", args: [BigInt(id)] }).then(
        () => true,
        (error: unknown) => {
          if (/TokenNotMinted/.test(String(error))) return false;
          throw new CodedError(`${chain.name} is not answering: please try again in a few seconds`, { code: "sales_paused", retryAfter: 5 });
        },
      ),
    ),
  );
  return tokenIds.filter((_, i) => owners[i]);
}
