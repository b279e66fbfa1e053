import { queryOptions } from "@tanstack/react-query";
import type { Nft } from "@pixlings/shared/http/nfts";
import { queryClient } from "../../api/queryClient.ts";
import { explorerQueries } from "../../explorer/explorerQueries.ts";
import { readExplorerUrl } from "../../explorer/explorerUrl.ts";

/** The first screen of cards (two rows of M on a desktop): their images load at once, the rest as they near the screen. */
export const FIRST_SCREEN_CARDS = 12;

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

/**
 * Asks for the first screen's images (the page's largest paint) as soon as the listing is here,
 * while the cards still render: the cards' own `<img>`s (same URL, no crossorigin) then find them
 * loaded or on their way.
 */
function preloadFirstImages(nfts: readonly Pick<Nft, "imageUrl">[]): void {
  for (const { imageUrl } of nfts.slice(0, FIRST_SCREEN_CARDS)) {
    const link = document.createElement("link");
    link.rel = "preload";
    link.as = "image";
    link.href = imageUrl;
    link.fetchPriority = "high";
    document.head.append(link);
  }
}

/** Starts the listing of `url` and its filter counts while the browse page's code is still on its way. */
export function prefetchBrowseListing(url: URL): void {
  const { page, facets } = browseListing(url.searchParams);
  void queryClient.fetchQuery(page).then(
    (answer) => preloadFirstImages(answer.nfts),
    () => undefined, // the page shows the failure when it renders
  );
  void queryClient.prefetchQuery(facets);
}
