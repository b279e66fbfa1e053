import { formatEther, type PublicClient } from "viem";

/** What a transaction costs per gas: the latest base fee plus tip (likely) and the max fee (the cap). */
export interface Fees {
  /** Base fee + priority fee: what a transaction pays now. */
  likely: bigint;
  /** maxFeePerGas: what it pays at most. */
  max: bigint;
}

/** The fees a transaction sent now would pay per gas (EIP-1559; the gas price on chains without it). */
export async function readFees(publicClient: PublicClient): Promise<Fees> {
  const block = await publicClient.getBlock();
  if (block.baseFeePerGas === null) {
    const price = await publicClient.getGasPrice();
    return { likely: price, max: price };
  }
  const fees = await publicClient.estimateFeesPerGas();
  return { likely: block.baseFeePerGas + fees.maxPriorityFeePerGas, max: fees.maxFeePerGas };
}

/** Wei as the chain's coin, to at most 8 decimals (rounded up: a cost is never shown lower than it is). */
export function formatCoin(wei: bigint, coin: string): string {
  const step = 10n ** 10n;
  const rounded = ((wei + step - 1n) / step) * step;
  return `${formatEther(rounded)} ${coin}`;
}
