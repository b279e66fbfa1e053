import { useQuery } from "@tanstack/react-query";
import { COLLECTION } from "@pixlings/shared/collection";
import { TIER_NAMES } from "@pixlings/shared/tiers";
import { queries } from "../../api/queries.ts";
import { quoteTier } from "../../chains/usePrices.ts";
import { ErrorNotice } from "../../components/ErrorNotice.tsx";
import { Spinner } from "../../components/Spinner.tsx";
import { ui } from "../../components/ui.ts";
import { formatCount } from "../../format/format.ts";
import { PageShell } from "../static/PageShell.tsx";

/** Live contract addresses per chain (GET /api/chains), tier prices, supply and minted count. */
export default function ContractPage() {
  const chains = useQuery(queries.chains());
  const prices = useQuery(queries.cryptoPrices());
  const stats = useQuery(queries.stats());
  return (
    <PageShell title="Contract" wide>
      <div className="flex flex-col gap-6">
        <section aria-label="Collection" className={ui.card}>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            <div>
              <dt className={`text-sm ${ui.muted}`}>Name</dt>
              <dd className="font-semibold">
                {COLLECTION.name} ({COLLECTION.symbol})
              </dd>
            </div>
            <div>
              <dt className={`text-sm ${ui.muted}`}>Standard</dt>
              <dd className="font-semibold">ERC-721</dd>
            </div>
            <div>
              <dt className={`text-sm ${ui.muted}`}>Supply</dt>
              <dd className="font-semibold">{formatCount(COLLECTION.totalSupply)}</dd>
            </div>
            <div>
              <dt className={`text-sm ${ui.muted}`}>Minted</dt>
              <dd className="font-semibold">{stats.data ? formatCount(stats.data.minted) : "—"}</dd>
            </div>
          </dl>
        </section>
        {chains.isLoading ? (
          <Spinner label="Loading deployments..." />
        ) : chains.error ? (
          <ErrorNotice error={chains.error} title="Could not load the deployments" />
        ) : (
          <div className="grid gap-4 md:grid-cols-2">
            {(chains.data ?? []).map((chain) => (
              <section key={chain.chainId} aria-labelledby={`chain-${chain.chainId}`} className={`${ui.card} flex flex-col gap-3`}>
                <h2 id={`chain-${chain.chainId}`} className="text-lg font-bold">
                  {chain.name} {chain.primary && <span className="ml-1 rounded-full bg-violet-700 px-2 py-0.5 text-xs text-white">Primary</span>}
                </h2>
                <p className={`text-sm ${ui.muted}`}>Chain ID {chain.chainId}</p>
                <p className="font-mono text-sm break-all">{chain.contract}</p>
                {chain.explorerUrl && (
                  <a className={ui.link} href={`${chain.explorerUrl.replace(/\/+$/, "")}/address/${chain.contract}`} target="_blank" rel="noreferrer">
                    View on block explorer
                  </a>
                )}
                <table className="text-sm">
                  <caption className="sr-only">Tier prices on {chain.name}</caption>
                  <thead>
                    <tr className={ui.muted}>
                      <th scope="col" className="text-left font-medium">
                        Tier
                      </th>
                      <th scope="col" className="text-right font-medium">
                        Price
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {TIER_NAMES.map((tier) => {
                      const quote = quoteTier(prices.data, chain, tier);
                      return (
                        <tr key={tier}>
                          <th scope="row" className="text-left font-normal">
                            {tier}
                          </th>
                          <td className="text-right font-semibold">
                            {quote.amount} {quote.coin}
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </section>
            ))}
          </div>
        )}
      </div>
    </PageShell>
  );
}
