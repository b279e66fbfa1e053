import type { UseQueryResult } from "@tanstack/react-query";
import { useId } from "react";
import { Link } from "react-router";
import type { Nft } from "@pixlings/shared/http/nfts";
import { usePrices } from "../../chains/usePrices.ts";
import { ErrorNotice } from "../../components/ErrorNotice.tsx";
import { PixCard } from "../../components/PixCard.tsx";
import { Spinner } from "../../components/Spinner.tsx";
import { ui } from "../../components/ui.ts";

interface Props {
  title: string;
  intro: string;
  query: UseQueryResult<Nft[]>;
  limit: number;
  viewAll: { to: string; label: string };
}

export function PixGridSection({ title, intro, query, limit, viewAll }: Props) {
  const id = useId();
  const { quote } = usePrices();
  return (
    <section aria-labelledby={id} className={`${ui.container} mt-16`}>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-2">
        <div>
          <h2 id={id} className="text-2xl font-bold">
            {title}
          </h2>
          <p className={ui.muted}>{intro}</p>
        </div>
        <Link to={viewAll.to} className={ui.link}>
          {viewAll.label}
        </Link>
      </div>
      {query.isLoading ? (
        <Spinner />
      ) : query.error ? (
        <ErrorNotice error={query.error} title={`Could not load ${title}`} />
      ) : query.data && query.data.length > 0 ? (
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6">
          {query.data.slice(0, limit).map((nft) => (
            <PixCard key={nft.tokenId} nft={nft} quote={quote(nft.rarity)} />
          ))}
        </div>
      ) : (
        <p className={ui.muted}>Nothing here right now.</p>
      )}
    </section>
  );
}
