/**
 * What a sale change means for those who keep a view of it: `holds` (a hold was taken, renewed or
 * released, an order moved: the listings' "reserved" marks are stale) and `jobs` (a custody job was
 * queued or became due: the fulfilment worker has work).
 */
type SaleChange = "holds" | "jobs";

type SaleListener = (changes: ReadonlySet<SaleChange>) => void;

/**
 * The sale's listener registry: `sale/` announces every change it makes, the market and the
 * fulfilment worker subscribe when they are built. This is the whole interface a transport across
 * processes has to implement (e.g. Postgres LISTEN/NOTIFY between a web and a worker process):
 * `changed` publishes, `subscribe` receives whatever any process published.
 */
export interface SaleEvents {
  changed(...changes: SaleChange[]): void;
  /** Returns the unsubscribe. */
  subscribe(listener: SaleListener): () => void;
}

/** The registry within one process: listeners run synchronously, one listener's throw does not stop the others. */
export function createSaleEvents(): SaleEvents {
  const listeners = new Set<SaleListener>();
  return {
    changed(...changes) {
      if (changes.length === 0) return;
      const set = new Set(changes);
      for (const listener of [...listeners]) {
        try {
          listener(set);
        } catch {
          // A listener only refreshes a cache or wakes a loop: its own failure is its own to log.
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
