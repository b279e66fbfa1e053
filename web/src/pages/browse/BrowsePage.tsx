import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useMemo, useState } from "react";
import type { NftFilters } from "@pixlings/shared/http/nfts";
import { useActivity } from "../../activity/useActivity.ts";
import { useSelectedChain } from "../../chains/useSelectedChain.ts";
import { ChainSelect } from "../../components/ChainSelect.tsx";
import { ErrorNotice } from "../../components/ErrorNotice.tsx";
import { Spinner } from "../../components/Spinner.tsx";
import { ui } from "../../components/ui.ts";
import { usePageTitle } from "../../layout/pageTitle.ts";
import { useSearchParamsAtOnce } from "../../layout/useSearchParamsAtOnce.ts";
import { PageShell } from "../static/PageShell.tsx";
import { Pager } from "../../components/Pager.tsx";
import { SizePicker } from "../../components/SizePicker.tsx";
import { ExplorerFilters } from "../../explorer/ExplorerFilters.tsx";
import { explorerSearch, readExplorerUrl, type ExplorerView } from "../../explorer/explorerUrl.ts";
import { ResultCount } from "../../explorer/ResultCount.tsx";
import { SortSelect } from "../../explorer/SortSelect.tsx";
import { BrowseGrid } from "./BrowseGrid.tsx";
import { browseListing } from "./browseListing.ts";

/** The heading: one artist's pieces, every Artist piece, or the whole collection. */
function titleOf(filters: NftFilters, artistName: string | undefined): string {
  const onlyArtists = filters.tiers.length === 1 && filters.tiers[0] === "Artist";
  if (filters.artists.length === 1) return artistName ? `Pieces by ${artistName}` : "An artist's pieces";
  return onlyArtists && filters.artists.length === 0 ? "Artist Pieces" : "Browse Pixlings";
}

/**
 * Browse: the trait explorer. The whole view (filters, sort, page, size) lives in the URL, so a
 * filtered view is shared by its link and back and forward step through the views.
 */
export default function BrowsePage() {
  // The view chosen shows at once (a ticked box stays ticked, its query starts) while the router
  // applies the new URL.
  const [params, setParams] = useSearchParamsAtOnce();
  const listing = useMemo(() => browseListing(params), [params]);
  const { view } = listing;
  const { filters } = view.query;
  const page = useQuery(listing.page);
  const facets = useQuery(listing.facets);
  const { chains } = useSelectedChain();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const panelId = useId();
  const totalPages = page.data?.pagination.totalPages;
  // Followed while the page is open: a Pix minted meanwhile flips to minted in place.
  const live = useActivity().status === "live";

  const show = (next: ExplorerView) => setParams(explorerSearch(next));
  const filter = (next: NftFilters) => show({ ...view, query: { ...view.query, filters: next, page: 1 } });

  // A page past the last shows the last: the URL says so too.
  const shownPage = page.isPlaceholderData ? undefined : page.data?.pagination.page;
  useEffect(() => {
    const asked = readExplorerUrl(params);
    if (shownPage !== undefined && shownPage < asked.query.page)
      setParams(explorerSearch({ ...asked, query: { ...asked.query, page: shownPage } }), { replace: true });
  }, [shownPage, params, setParams]);

  const goTo = (target: number) => {
    show({ ...view, query: { ...view.query, page: target } });
    window.scrollTo({ top: 0 });
  };

  const artistName = filters.artists.length === 1 ? facets.data?.artist.find((a) => a.value === filters.artists[0])?.name : undefined;
  const title = titleOf(filters, artistName);
  usePageTitle(title === "Browse Pixlings" ? undefined : title);

  return (
    <PageShell title={title} wide>
      <div className="mb-4 flex flex-wrap items-end gap-4">
        <SizePicker size={view.size} onChange={(size) => show({ ...view, size })} />
        <ChainSelect label="Prices in" />
        <SortSelect sort={view.query.sort} onChange={(sort) => show({ ...view, query: { ...view.query, sort, page: 1 } })} />
        <button
          type="button"
          className={`${ui.secondary} lg:hidden`}
          aria-expanded={filtersOpen}
          aria-controls={panelId}
          onClick={() => setFiltersOpen((open) => !open)}
        >
          Filters
          <span aria-hidden="true">{filtersOpen ? "▴" : "▾"}</span>
        </button>
        {filters.artists.length > 0 && (
          <button type="button" className={`${ui.secondary} ${ui.small}`} onClick={() => filter({ ...filters, artists: [] })}>
            All artists
          </button>
        )}
        <ResultCount total={page.data?.pagination.total} statuses={filters.statuses} />
        <p className={`text-sm ${ui.muted}`} data-activity={live ? "live" : "waiting"}>
          {live ? "Live: mints show as they happen" : "Connecting to live updates..."}
        </p>
      </div>
      <div className="lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-6">
        <section id={panelId} aria-label="Filters" className={`${filtersOpen ? "block" : "hidden"} mb-6 min-w-0 lg:mb-0 lg:block`}>
          <ExplorerFilters filters={filters} facets={facets.data} chains={chains} onChange={filter} />
        </section>
        <div className="min-w-0">
          {page.isLoading ? (
            <Spinner label="Loading Pixlings..." />
          ) : page.error ? (
            <ErrorNotice error={page.error} title="Could not load the collection" />
          ) : page.data && page.data.nfts.length > 0 ? (
            <BrowseGrid nfts={page.data.nfts} size={view.size} busy={page.isPlaceholderData} />
          ) : (
            <p className={ui.muted}>{filters.statuses === "any" ? "No Pix here." : "No Pix available here."}</p>
          )}
          <Pager page={page.data?.pagination.page ?? view.query.page} totalPages={totalPages} onGo={goTo} />
        </div>
      </div>
    </PageShell>
  );
}
