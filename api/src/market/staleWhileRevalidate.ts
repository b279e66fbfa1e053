import { withTimeout } from "../http/withTimeout.ts";

/** A value loaded on demand and kept fresh in the background. */
export interface Refreshing<T> {
  /**
   * The current value. Older than `maxAgeMs`, it is still returned at once while one background
   * load replaces it. The caller waits for a load (and gets its error) only when there is no value
   * yet, when the value is older than `maxStaleMs`, or after `invalidate()`.
   */
  get(): Promise<T>;
  /** The next `get` waits for a load that starts after this call (e.g. after our own write). */
  invalidate(): void;
}

export interface RefreshOptions {
  maxAgeMs: number;
  /** Older than this, a value is not served any more: callers wait (and fail if the source is down). */
  maxStaleMs: number;
  /** A load taking longer fails (a hung source must not block refreshes forever). */
  timeoutMs: number;
}

/**
 * Stale-while-revalidate around `load`: at most one load in flight; a failed background load keeps
 * the last good value (retried on a later call) until it is `maxStaleMs` old. Hot routes do not
 * wait for the indexer or the database while a value is fresh enough, at the price of answers up
 * to `maxAgeMs` plus one load old.
 */
export function staleWhileRevalidate<T>(load: () => Promise<T>, options: RefreshOptions): Refreshing<T> {
  let value: { current: T; loadedAt: number } | undefined;
  let inflight: { promise: Promise<T>; startedAt: number } | undefined;
  let invalidatedAt = -1;
  const reload = (): Promise<T> => {
    if (!inflight) {
      const startedAt = performance.now();
      const promise = withTimeout(load(), options.timeoutMs)
        .then((next) => {
          value = { current: next, loadedAt: startedAt };
          return next;
        })
        .finally(() => (inflight = undefined));
      inflight = { promise, startedAt };
    }
    return inflight.promise;
  };
  /** A load that started after `since`: the one in flight if it did, else a new one after it. */
  const loadStartedAfter = async (since: number): Promise<T> => {
    if (inflight && inflight.startedAt < since) await inflight.promise.catch(() => undefined);
    return reload();
  };
  return {
    async get() {
      if (!value) return reload();
      const age = performance.now() - value.loadedAt;
      if (value.loadedAt <= invalidatedAt) return loadStartedAfter(invalidatedAt);
      if (age > options.maxStaleMs) return reload();
      if (age > options.maxAgeMs) reload().catch(() => undefined);
      return value.current;
    },
    invalidate() {
      invalidatedAt = performance.now();
    },
  };
}
