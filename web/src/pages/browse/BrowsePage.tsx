import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { LiveTile } from "../../activity/LiveTile.tsx";
import { useActivity } from "../../activity/useActivity.ts";
import { usePrices } from "../../chains/usePrices.ts";
import { ChainSelect } from "../../components/ChainSelect.tsx";
import { ErrorNotice } from "../../components/ErrorNotice.tsx";
import { PixCard } from "../../components/PixCard.tsx";
import { Spinner } from "../../components/Spinner.tsx";
import { ui } from "../../components/ui.ts";
import { usePageTitle } from "../../layout/pageTitle.ts";
import { useSearchParamsAtOnce } from "../../layout/useSearchParamsAtOnce.ts";
import { PageShell } from "../static/PageShell.tsx";
import { GRID_COLUMNS, parseGridSize, parsePage } from "../../components/gridSizes.ts";
import { Pager } from "../../components/Pager.tsx";
import { SizePicker } from "../../components/SizePicker.tsx";
import { browseListing } from "./browseListing.ts";

/** The first screen of cards (two rows of M on a desktop): their images load at once, the rest as they near the screen. */
const EAGER_CARDS = 12;

export default function BrowsePage() {
  const [params, setParams] = useSearchParamsAtOnce();
  const { filter, artistId, sold, requested, query } = browseListing(params);
  const size = parseGridSize(params.get("size"));
  const available = useQuery(query);
  const totalPages = available.data?.pagination.totalPages;
  const page = parsePage(params.get("page"), totalPages);
  const { quote } = usePrices();
  // Followed while the page is open: a Pix minted meanwhile flips to minted in place.
  const live = useActivity().status === "live";

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

  const artistName = artistId === undefined ? undefined : available.data?.nfts[0]?.artistName;
  const title =
    artistId !== undefined ? (artistName ? `Pieces by ${artistName}` : "An artist's pieces") : filter === "artist" ? "Artist Pieces" : "Browse Pixlings";
  usePageTitle(artistId !== undefined || filter === "artist" ? title : undefined);

  return (
    <PageShell title={title} wide>
      <div className="mb-4 flex flex-wrap items-end gap-4">
        <SizePicker size={size} onChange={(option) => update({ size: option === "M" ? null : option })} />
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
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={sold}
            onChange={(event) => update({ sold: event.target.checked ? "include" : null, page: null })}
            className="size-4"
          />
          Show sold
        </label>
        {artistId !== undefined && (
          <button type="button" className={`${ui.secondary} ${ui.small}`} onClick={() => update({ artist: null, page: null })}>
            All artists
          </button>
        )}
        {available.data && (
          <p className={`ml-auto text-sm ${ui.muted}`}>
            {available.data.pagination.total.toLocaleString("en-US")} {sold ? "Pix, sold ones included" : "available"}
          </p>
        )}
        <p className={`text-sm ${ui.muted}`} data-activity={live ? "live" : "waiting"}>
          {live ? "Live: mints show as they happen" : "Connecting to live updates..."}
        </p>
      </div>
      {available.isLoading ? (
        <Spinner label="Loading Pixlings..." />
      ) : available.error ? (
        <ErrorNotice error={available.error} title="Could not load the collection" />
      ) : available.data && available.data.nfts.length > 0 ? (
        <div className={`grid gap-3 ${GRID_COLUMNS[size]}`} data-grid-size={size}>
          {available.data.nfts.map((nft, index) => (
            <LiveTile key={nft.tokenId} nft={nft}>
              <PixCard nft={nft} quote={quote(nft.rarity)} eager={index < EAGER_CARDS} />
            </LiveTile>
          ))}
        </div>
      ) : (
        <p className={ui.muted}>{sold ? "No Pix here." : "No Pix available here."}</p>
      )}
      <Pager page={page} totalPages={totalPages} onGo={goTo} />
    </PageShell>
  );
}
