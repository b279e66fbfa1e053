import { MINT_GAS_ESTIMATE } from "@pixlings/shared/contract";
import type { ChainInfo } from "@pixlings/shared/http/sale";
import { useQueries, useQuery } from "@tanstack/react-query";
import { queries } from "../../api/queries.ts";
import { ui } from "../../components/ui.ts";
import { formatUsd } from "../../format/format.ts";
import { formatFeeUsd, mintFee, usdPerCoin } from "./gasTip.ts";

/** How long a chain's gas price is fresh, and how often it is read again while the page is open. */
const GAS_PRICE_FRESH_MS = 30_000;
const GAS_PRICE_REFRESH_MS = 60_000;

const significant = new Intl.NumberFormat("en-US", { maximumSignificantDigits: 2 });

/**
 * The spec's tip line ("Polygon gas ≈ $0.01, MATIC ≈ $0.18"), live: each chain's gas price read
 * from its public RPC times a mint's gas, in the coin and in USD at the shop's rate, and each
 * coin's USD rate. A chain whose RPC does not answer says so.
 */
export function GasTip({ chains }: { chains: readonly ChainInfo[] }) {
  const prices = useQuery(queries.cryptoPrices());
  const gasPrices = useQueries({
    queries: chains.map((chain) => ({
      queryKey: ["chain", chain.chainId, "gas-price"],
      queryFn: async (): Promise<bigint> => {
        const { publicClientOf } = await import("../../chains/publicRpc.ts");
        return publicClientOf(chain).getGasPrice();
      },
      staleTime: GAS_PRICE_FRESH_MS,
      refetchInterval: GAS_PRICE_REFRESH_MS,
    })),
  });
  return (
    <p className={`text-xs ${ui.muted}`} data-testid="gas-tip">
      Tip: gas for one mint now{" "}
      {chains.map((chain, i) => {
        const gasPrice = gasPrices[i]?.data;
        const rate = usdPerCoin(prices.data, chain.network);
        const fee = gasPrice === undefined ? undefined : mintFee(gasPrice, MINT_GAS_ESTIMATE, rate);
        const text = gasPrices[i]?.isError
          ? "not available (its RPC did not answer)"
          : fee
            ? `≈ ${fee.usd === undefined ? `${significant.format(Number(fee.coin))} ${chain.coin}` : formatFeeUsd(fee.usd)}`
            : "…";
        return (
          <span key={chain.chainId}>
            {i > 0 ? "; " : ""}
            {chain.name} {text}
            {rate !== undefined && ` (${chain.coin} ≈ ${formatUsd(rate)})`}
          </span>
        );
      })}
      .
    </p>
  );
}
