import { QueryClient } from "@tanstack/react-query";

/** Spec defaults: no retries, always stale, no refetch on focus; long-lived data opts in per query. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, staleTime: 0, gcTime: 60_000, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
