import { formatEther, type Address } from "viem";
import { publicClientOf } from "../chains/publicClientOf.ts";
import { CodedError } from "../http/HttpError.ts";
import type { SaleChain } from "../chains/saleChain.ts";

/**
 * Reserving costs something: the wallet must hold, on the voucher's chain, what the order costs
 * plus what its other pending reservations there cost (wei). Otherwise 402 "insufficient_funds".
 */
export async function checkFunds(chain: SaleChain, wallet: Address, cost: { order: bigint; pending: bigint }): Promise<void> {
  const needed = cost.order + cost.pending;
  const balance = await publicClientOf(chain)
    .getBalance({ address: wallet })
    .catch(() => {
      throw new CodedError(`${chain.name} is not answering: please try again in a few seconds`, { code: "sales_paused", retryAfter: 5 });
    });
  if (balance >= needed) return;
  throw new CodedError(
    `Your wallet holds ${formatEther(balance)} ${chain.coin} on ${chain.name}; ${cost.pending > 0n ? "this order and your other reserved Pix there cost" : "these Pix cost"} ${formatEther(needed)} ${chain.coin} plus gas`,
    {
      code: "insufficient_funds",
      balance: balance.toString(),
      needed: needed.toString(),
    },
  );
}
