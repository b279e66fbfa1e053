import type { TierQuote } from "../chains/usePrices.ts";
import { sumDecimals } from "../format/format.ts";

export interface CryptoTotal {
  /** Decimal amount in the coin. */
  amount: string;
  coin: string;
  /** About how many US dollars, once every quote has a USD price. */
  usd: number | undefined;
}

/** What the same Pix cost paid with a wallet on one chain: the sum of their tier quotes. */
export function cryptoTotal(quotes: readonly TierQuote[], fallbackCoin: string): CryptoTotal {
  const usd = quotes.length > 0 && quotes.every((q) => q.usd !== undefined) ? quotes.reduce((sum, q) => sum + (q.usd ?? 0), 0) : undefined;
  return { amount: sumDecimals(quotes.map((q) => q.amount)), coin: quotes[0]?.coin ?? fallbackCoin, usd };
}
