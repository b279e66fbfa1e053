import { pruneExpiredSessions } from "../auth/pruneExpiredSessions.ts";
import type { Db } from "../db/openDatabase.ts";
import { pruneRateLimits } from "../http/rateLimit.ts";
import type { IndexerReader } from "../indexer/indexerReader.ts";
import { releaseSettled } from "./releaseReservations.ts";
import type { SaleEvents } from "./saleEvents.ts";

export interface ReservationSweeper {
  /**
   * Releases the reservations the indexer shows settled for good (`releaseSettled`); resolves to
   * how many. Concurrent calls share one run. Rejects when the indexer does not answer.
   */
  sweep(): Promise<number>;
  stop(): void;
}

/** Old rate-limit counters, expired sessions and nonces are pruned about this often, by whichever API process sweeps. */
const PRUNE_EVERY_MS = 10 * 60_000;

/** Sweeps every `intervalMs` (and whenever asked); the release is decided by indexed, final chain data. */
export function startReservationSweeper(p: { db: Db; indexer: IndexerReader; intervalMs: number; events: SaleEvents }): ReservationSweeper {
  let running: Promise<number> | undefined;
  let prunedAt = 0;
  const sweep = (): Promise<number> =>
    (running ??= (async () => {
      const released = await releaseSettled(p.db, (tokenIds) => p.indexer.saleFacts({ chainId: 0, tokenIds }));
      if (released > 0) p.events.changed("holds");
      if (Date.now() - prunedAt > PRUNE_EVERY_MS) {
        prunedAt = Date.now();
        await pruneRateLimits(p.db);
        await pruneExpiredSessions(p.db);
      }
      return released;
    })().finally(() => {
      running = undefined;
    }));
  const timer = setInterval(() => void sweep().catch(() => undefined), p.intervalMs);
  timer.unref();
  return { sweep, stop: () => clearInterval(timer) };
}
