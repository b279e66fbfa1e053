import type { SaleEvents } from "../sale/saleEvents.ts";
import type { Wake } from "./wake.ts";

/** Which wake each sale change travels as: `holds` (the listings refresh), `jobs` (the fulfilment worker looks now). */
const WAKE_OF = { holds: "holds", jobs: "fulfilment" } as const;

type SaleChange = keyof typeof WAKE_OF;

/**
 * The sale's announcements (sale/saleEvents.ts) carried by the wake transport, so a change made in
 * one process reaches the listeners of every process on the database: a web process's payment wakes
 * a worker's fulfilment, a worker's sweep refreshes a web process's listings. In one process the
 * listeners run synchronously, as with the in-process registry. `close()` drops this side's listeners.
 */
export function saleEventsOverWake(wake: Wake): SaleEvents & { close(): void } {
  const unsubscribes = new Set<() => void>();
  return {
    changed(...changes) {
      for (const change of new Set(changes)) wake.notify(WAKE_OF[change]);
    },
    subscribe(listener) {
      const hear = (change: SaleChange) => (): void => {
        try {
          listener(new Set([change]));
        } catch {
          // A listener only refreshes a cache or wakes a loop: its own failure is its own to log.
        }
      };
      const stops = [wake.subscribe("holds", hear("holds")), wake.subscribe("fulfilment", hear("jobs"))];
      const unsubscribe = (): void => {
        for (const stop of stops) stop();
        unsubscribes.delete(unsubscribe);
      };
      unsubscribes.add(unsubscribe);
      return unsubscribe;
    },
    close() {
      for (const unsubscribe of [...unsubscribes]) unsubscribe();
    },
  };
}
