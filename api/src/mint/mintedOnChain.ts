import { ownersOnChain } from "../chains/ownersOnChain.ts";
import { publicClientOf } from "../chains/publicClientOf.ts";
import { CodedError } from "../http/HttpError.ts";
import type { SaleChain } from "../chains/saleChain.ts";

/**
 * Which of `tokenIds` `chain`'s contract says are minted, read from the chain itself
 * (`ownersOnChain`). For the few ids a buyer renews: the indexer may not show a mint of seconds
 * ago, and the hold protects nobody else from it. A chain that does not answer is 503 `sales_paused`.
 */
export async function mintedOnChain(chain: SaleChain, tokenIds: readonly number[]): Promise<number[]> {
  const owners = await ownersOnChain({ client: publicClientOf(chain), contract: chain.contract }, tokenIds).catch(() => {
    throw new CodedError(`${chain.name} is not answering: please try again in a few seconds`, { code: "sales_paused", retryAfter: 5 });
  });
  return tokenIds.filter((id) => owners.get(id) !== null);
}
