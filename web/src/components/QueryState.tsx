import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { ErrorNotice } from "./ErrorNotice.tsx";
import { Spinner } from "./Spinner.tsx";
import { ui } from "./ui.ts";

/** A list's every state: the spinner while loading, the error with Retry, the empty notice, or the items. */
export function QueryState<T>({
  query,
  what,
  empty,
  children,
}: {
  query: UseQueryResult<T[]>;
  /** "artists": "Loading artists...", "Could not load artists". */
  what: string;
  empty: ReactNode;
  children(items: T[]): ReactNode;
}) {
  if (query.isLoading) return <Spinner label={`Loading ${what}...`} />;
  if (query.error) return <ErrorNotice error={query.error} title={`Could not load ${what}`} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  if (!query.data || query.data.length === 0) return <div className={`${ui.card} py-10 text-center`}>{empty}</div>;
  return children(query.data);
}

/** A list's size for a tab's label: "…" while loading, "–" when it failed (the tab shows why). */
export function countOf(query: Pick<UseQueryResult<unknown[]>, "data" | "error">): string {
  if (query.data) return String(query.data.length);
  return query.error ? "–" : "…";
}
