import { startTransition, useOptimistic } from "react";
import { createSearchParams, useSearchParams, type SetURLSearchParams } from "react-router";

/**
 * `useSearchParams` whose controls answer at once. The router applies a new URL inside a React
 * transition, so a checkbox or picker bound to the URL would spring back to its old value until
 * the transition commits (a route chunk or a suspended render can hold it for a while); the
 * optimistic copy shows the new value from the click on, and yields to the URL once it is there.
 */
export function useSearchParamsAtOnce(): [URLSearchParams, SetURLSearchParams] {
  const [params, setParams] = useSearchParams();
  const [shown, show] = useOptimistic(params, (_current: URLSearchParams, next: URLSearchParams) => next);
  const set: SetURLSearchParams = (init, options) => {
    const next = createSearchParams(typeof init === "function" ? init(new URLSearchParams(params)) : init);
    startTransition(() => {
      show(next);
      setParams(next, options);
    });
  };
  return [shown, set];
}
