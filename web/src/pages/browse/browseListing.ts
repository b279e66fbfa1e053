import { queryOptions } from "@tanstack/react-query";
import { parseArtistId } from "../../api/parseIds.ts";
import { queries } from "../../api/queries.ts";
import { queryClient } from "../../api/queryClient.ts";
import { parsePage } from "../../components/gridSizes.ts";

/** Data the entry fetched for the page it opened on is not fetched again as the page mounts. */
const JUST_FETCHED_MS = 2_000;

/** The listing a /browse address shows: its filters and its query (one home for both the page and its prefetch). */
export function browseListing(params: URLSearchParams) {
  const filter = params.get("filter") === "artist" ? ("artist" as const) : undefined;
  const artistId = parseArtistId(params.get("artist"));
  const sold = params.get("sold") === "include";
  const requested = parsePage(params.get("page"));
  const query = queryOptions({
    ...queries.available(requested, filter, { artistId, sold }),
    refetchOnMount: (cached) => Date.now() - cached.state.dataUpdatedAt > JUST_FETCHED_MS,
  });
  return { filter, artistId, sold, requested, query };
}

/** Starts the listing of `url` while the browse page's code is still on its way. */
export function prefetchBrowseListing(url: URL): void {
  void queryClient.prefetchQuery(browseListing(url.searchParams).query);
}
