import type { AvailablePage, NftFacets, NftFilters } from "@pixlings/shared/http/nfts";
import { nftQueryParams, type NftQuery } from "@pixlings/shared/http/nftQuery";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { apiRequest } from "../api/apiClient.ts";

const withQuery = (path: string, params: URLSearchParams): string => (params.size > 0 ? `${path}?${params}` : path);

/**
 * The explorer's reads, keyed by the canonical query string (the same view is one cache entry). While
 * a new answer loads the last one stays on screen, so a filter click does not blank the grid.
 */
export const explorerQueries = {
  /** A page of the Pix matching the filters (`GET /api/nfts`). */
  page: (query: NftQuery) => {
    const params = nftQueryParams(query);
    return queryOptions({
      queryKey: ["nfts", "explore", params.toString()],
      queryFn: ({ signal }) => apiRequest<AvailablePage>(withQuery("/api/nfts", params), { signal, noCache: true }),
      placeholderData: keepPreviousData,
    });
  },
  /** Every filter value's count for these filters (`GET /api/nfts/facets`). */
  facets: (filters: NftFilters) => {
    const params = nftQueryParams({ filters });
    return queryOptions({
      queryKey: ["nfts", "facets", params.toString()],
      queryFn: ({ signal }) => apiRequest<NftFacets>(withQuery("/api/nfts/facets", params), { signal, noCache: true }),
      placeholderData: keepPreviousData,
    });
  },
};
