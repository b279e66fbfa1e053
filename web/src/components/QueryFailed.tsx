import type { UseQueryResult } from "@tanstack/react-query";
import { ErrorNotice } from "./ErrorNotice.tsx";
import { ui } from "./ui.ts";

/** A page that cannot go on without a request that failed: the error in its place, with Retry. */
export function QueryFailed({ query, title }: { query: Pick<UseQueryResult, "error" | "refetch" | "isFetching">; title: string }) {
  return (
    <div className={`${ui.container} max-w-xl py-16`}>
      {query.error && <ErrorNotice error={query.error} title={title} onRetry={() => void query.refetch()} retrying={query.isFetching} />}
    </div>
  );
}
