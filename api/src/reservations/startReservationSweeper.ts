import type { Db } from "../db/openDatabase.ts";
import { indexedTimes } from "./indexedTimes.ts";
import { releaseExpired } from "./releaseReservations.ts";

export interface ReservationSweeper {
  /**
   * Releases the reservations whose voucher's chain the indexer has passed holdUntil on; resolves
   * to how many. Concurrent calls share one run. Rejects when the indexer does not answer.
   */
  sweep(): Promise<number>;
  stop(): void;
}

/**
 * Sweeps every `intervalMs` (and whenever asked). The release is decided by indexed chain time
 * (Ponder's /status), never by our clock: until the indexer has passed a voucher's deadline plus
 * the margin, a mint with it may still be mined or not yet indexed.
 */
export function startReservationSweeper(p: { db: Db; indexerUrl: string; intervalMs: number; onReleased(count: number): void }): ReservationSweeper {
  let running: Promise<number> | undefined;
  const sweep = (): Promise<number> =>
    (running ??= (async () => {
      const released = await releaseExpired(p.db, await indexedTimes(p.indexerUrl));
      if (released > 0) p.onReleased(released);
      return released;
    })().finally(() => {
      running = undefined;
    }));
  const timer = setInterval(() => void sweep().catch(() => undefined), p.intervalMs);
  timer.unref();
  return { sweep, stop: () => clearInterval(timer) };
}
