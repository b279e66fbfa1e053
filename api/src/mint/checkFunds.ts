import { formatEther, type Address } from "viem";
import { publicClientOf } from "../chains/publicClientOf.ts";
import { HttpError } from "../http/HttpError.ts";
import type { SaleChain } from "./saleConfig.ts";

/**
 * Reserving costs something: the wallet must hold, on the voucher's chain, at least `needed` wei
 * (the order and its other pending reservations there). Otherwise 402 "insufficient_funds".
 */
export async function checkFunds(chain: SaleChain, wallet: Address, needed: bigint): Promise<void> {
  const balance = await publicClientOf(chain)
    .getBalance({ address: wallet })
    .catch(() => {
      throw new HttpError(503, `${chain.name} is not answering: please try again in a few seconds`, { code: "sales_paused", retryAfter: 5 });
    });
  if (balance >= needed) return;
  throw new HttpError(402, `Your wallet holds ${formatEther(balance)} ${chain.coin} on ${chain.name}; these Pix cost ${formatEther(needed)} ${chain.coin} plus gas`, {
    code: "insufficient_funds",
    balance: balance.toString(),
    needed: needed.toString(),
  });
}
