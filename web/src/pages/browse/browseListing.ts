import { queryOptions } from "@tanstack/react-query";
import { queryClient } from "../../api/queryClient.ts";
import { explorerQueries } from "../../explorer/explorerQueries.ts";
import { readExplorerUrl } from "../../explorer/explorerUrl.ts";

/** Data the entry fetched for the page it opened on is not fetched again as the page mounts. */
const JUST_FETCHED_MS = 2_000;
const notJustFetched = (cached: { state: { dataUpdatedAt: number } }): boolean => Date.now() - cached.state.dataUpdatedAt > JUST_FETCHED_MS;

/** The view a /browse address shows and its two reads (one home for both the page and its prefetch). */
export function browseListing(params: URLSearchParams) {
  const view = readExplorerUrl(params);
  const page = queryOptions({ ...explorerQueries.page(view.query), refetchOnMount: notJustFetched });
  const facets = queryOptions({ ...explorerQueries.facets(view.query.filters), refetchOnMount: notJustFetched });
  return { view, page, facets };
}

/** Starts the listing of `url` and its filter counts while the browse page's code is still on its way. */
export function prefetchBrowseListing(url: URL): void {
  const { page, facets } = browseListing(url.searchParams);
  void queryClient.prefetchQuery(page);
  void queryClient.prefetchQuery(facets);
}
