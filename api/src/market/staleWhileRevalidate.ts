/** A value loaded on demand and kept fresh in the background. */
export interface Refreshing<T> {
  /**
   * The current value. Older than `maxAgeMs`, it is still returned at once while one background
   * load replaces it; only the very first call (nothing loaded yet) waits, and fails if the load does.
   */
  get(): Promise<T>;
  /** Makes the next `get` start a reload. */
  invalidate(): void;
}

/**
 * Stale-while-revalidate around `load`: at most one load in flight; a failed background load keeps
 * the last good value (and is retried on a later call). Hot routes never wait for the indexer or
 * the database once a value exists, at the price of answers up to `maxAgeMs` plus one load old.
 */
export function staleWhileRevalidate<T>(load: () => Promise<T>, maxAgeMs: number): Refreshing<T> {
  let value: { current: T } | undefined;
  let loadedAt = 0;
  let inflight: Promise<T> | undefined;
  const reload = (): Promise<T> => {
    inflight ??= load()
      .then((next) => {
        value = { current: next };
        loadedAt = Date.now();
        return next;
      })
      .finally(() => (inflight = undefined));
    return inflight;
  };
  return {
    async get() {
      if (!value) return reload();
      if (Date.now() - loadedAt > maxAgeMs) reload().catch(() => undefined);
      return value.current;
    },
    invalidate() {
      loadedAt = 0;
    },
  };
}
