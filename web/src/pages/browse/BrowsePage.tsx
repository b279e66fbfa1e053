import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { queries } from "../../api/queries.ts";
import { usePrices } from "../../chains/usePrices.ts";
import { ChainSelect } from "../../components/ChainSelect.tsx";
import { ErrorNotice } from "../../components/ErrorNotice.tsx";
import { PixCard } from "../../components/PixCard.tsx";
import { Spinner } from "../../components/Spinner.tsx";
import { ui } from "../../components/ui.ts";
import { PageShell } from "../static/PageShell.tsx";
import { GRID_COLUMNS, GRID_SIZES, parseGridSize, parsePage, type GridSize } from "./browseParams.ts";

export default function BrowsePage() {
  const [params, setParams] = useSearchParams();
  const filter = params.get("filter") === "artist" ? "artist" : undefined;
  const size = parseGridSize(params.get("size"));
  const requested = parsePage(params.get("page"));
  const available = useQuery(queries.available(requested, filter));
  const totalPages = available.data?.pagination.totalPages;
  const page = parsePage(params.get("page"), totalPages);
  const { quote } = usePrices();

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: false },
    );

  useEffect(() => {
    if (totalPages !== undefined && requested > page) setParams((current) => ({ ...Object.fromEntries(current), page: String(page) }), { replace: true });
  }, [totalPages, requested, page, setParams]);

  const goTo = (target: number) => {
    update({ page: target === 1 ? null : String(target) });
    window.scrollTo({ top: 0 });
  };

  return (
    <PageShell title={filter === "artist" ? "Artist Pieces" : "Browse Pixlings"} wide>
      <div className="mb-4 flex flex-wrap items-end gap-4">
        <fieldset className="flex flex-col gap-1">
          <legend className="text-sm font-medium">Size</legend>
          <div className="flex overflow-hidden rounded-md border border-neutral-300 dark:border-neutral-700">
            {GRID_SIZES.map((option: GridSize) => (
              <button
                key={option}
                type="button"
                aria-pressed={option === size}
                onClick={() => update({ size: option === "M" ? null : option })}
                className={`h-9 px-3 text-sm font-semibold ${option === size ? "bg-violet-700 text-white" : "bg-white hover:bg-neutral-100 dark:bg-neutral-900 dark:hover:bg-neutral-800"}`}
              >
                {option}
              </button>
            ))}
          </div>
        </fieldset>
        <ChainSelect label="Prices in" />
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={filter === "artist"}
            onChange={(event) => update({ filter: event.target.checked ? "artist" : null, page: null })}
            className="size-4"
          />
          Artist pieces only
        </label>
        {available.data && <p className={`ml-auto text-sm ${ui.muted}`}>{available.data.pagination.total.toLocaleString("en-US")} available</p>}
      </div>
      {available.isLoading ? (
        <Spinner label="Loading Pixlings..." />
      ) : available.error ? (
        <ErrorNotice error={available.error} title="Could not load the collection" />
      ) : available.data && available.data.nfts.length > 0 ? (
        <div className={`grid gap-3 ${GRID_COLUMNS[size]}`} data-grid-size={size}>
          {available.data.nfts.map((nft) => (
            <PixCard key={nft.tokenId} nft={nft} quote={quote(nft.rarity)} />
          ))}
        </div>
      ) : (
        <p className={ui.muted}>No Pix available here.</p>
      )}
      {totalPages !== undefined && totalPages > 1 && (
        <nav aria-label="Pages" className="mt-6 flex items-center justify-center gap-3">
          <button type="button" className={ui.secondary} onClick={() => goTo(page - 1)} disabled={page <= 1}>
            Previous
          </button>
          <span className="text-sm font-medium" aria-live="polite">
            Page {page} of {totalPages}
          </span>
          <button type="button" className={ui.secondary} onClick={() => goTo(page + 1)} disabled={page >= totalPages}>
            Next
          </button>
        </nav>
      )}
    </PageShell>
  );
}
