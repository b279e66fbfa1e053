import { PrintfulError } from "./printfulError.ts";

export interface FailureMemory {
  /**
   * `load`, answering from memory instead of asking Printful while Printful said to wait (its 429,
   * for every load of this memory: its limit is the token's) or for `failureMs` after this load
   * failed otherwise.
   */
  remembering<T>(load: () => Promise<T>): () => Promise<T>;
}

/** Printful's remembered 429, with the seconds left to wait. */
const stillLimited = (leftMs: number): PrintfulError => {
  const retryAfter = Math.max(1, Math.ceil(leftMs / 1000));
  return new PrintfulError({ kind: "rate_limited", retryAfter }, `Printful: rate limited a moment ago, retry after ${retryAfter} s (not asked again)`);
};

/**
 * Failures of Printful loads remembered for a while, so that callers without a value to serve
 * (anyone reading the catalogue: the routes are public) do not each send Printful a request while
 * it is refusing or away, and a 429 is not answered with more requests that prolong it.
 */
export function createFailureMemory(failureMs: number, now: () => number = performance.now.bind(performance)): FailureMemory {
  let limitedUntil = 0;
  return {
    remembering<T>(load: () => Promise<T>): () => Promise<T> {
      let failed: { error: unknown; until: number } | undefined;
      return async () => {
        const at = now();
        if (at < limitedUntil) throw stillLimited(limitedUntil - at);
        if (failed && at < failed.until) throw failed.error;
        try {
          const value = await load();
          failed = undefined;
          return value;
        } catch (error) {
          const end = now();
          if (error instanceof PrintfulError && error.failure.kind === "rate_limited") {
            limitedUntil = Math.max(limitedUntil, end + error.failure.retryAfter * 1000);
          } else {
            failed = { error, until: end + failureMs };
          }
          throw error;
        }
      };
    },
  };
}
