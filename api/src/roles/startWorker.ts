import type { Logger } from "pino";
import { startCardExpiry } from "../checkout/startCardExpiry.ts";
import { createStripeClient } from "../checkout/createStripeClient.ts";
import type { ApiConfig } from "../config/readConfig.ts";
import type { Database } from "../db/openDatabase.ts";
import { startCustodySales } from "../fulfilment/startCustodySales.ts";
import type { IndexerReader } from "../indexer/indexerReader.ts";
import type { Wake } from "../jobs/wake.ts";
import { startReservationSweeper } from "../reservations/startReservationSweeper.ts";
import { createArtAdmin } from "../review/artAdminClients.ts";
import { startReplacementWorker } from "../review/replacementWorker.ts";
import type { JobFamily } from "./jobFamily.ts";

export interface WorkerDeps {
  database: Database;
  logger: Logger;
  indexer: IndexerReader;
  /** Where web processes wake this one (queued jobs) and hear of its changes (holds, art). */
  wake: Wake;
}

/**
 * The background work of a worker process, as job families (each runs in one process at a time:
 * roles/runFamilies.ts): fulfilment of custody sales, Approve & Replace, the reservation sweeper,
 * card expiry. Only the families the config turns on.
 */
export function workerFamilies(config: ApiConfig, deps: WorkerDeps): JobFamily[] {
  const { database, logger, indexer, wake } = deps;
  const db = database.db;
  const holdsChanged = (): void => wake.notify("holds");
  const stripe = config.card ? createStripeClient(config.card) : undefined;
  const families: JobFamily[] = [];

  if (config.custody?.keys && config.custody.runWorker) {
    families.push({
      name: "fulfilment",
      start: () => {
        const custody = startCustodySales({ config, db, indexer, stripe, logger, onChanged: holdsChanged });
        const worker = custody?.worker;
        if (!worker) return { stop: async () => {} };
        const unsubscribe = wake.subscribe("fulfilment", () => worker.wake());
        return {
          stop: async () => {
            unsubscribe();
            await worker.stop();
          },
        };
      },
    });
  }

  if (config.artAdminKey && config.artReplaceWorker) {
    const artAdmin = createArtAdmin(config.artAdminKey, config.sale.chains, config.artReplaceRetry);
    families.push({
      name: "art-replace",
      start: () => {
        const worker = startReplacementWorker({
          db,
          artAdmin,
          indexer,
          chains: config.sale.chains,
          logger,
          onFinished: () => {
            wake.notify("holds");
            wake.notify("art");
          },
        });
        const unsubscribe = wake.subscribe("art-replace", () => worker.kick());
        return {
          stop: () => {
            unsubscribe();
            worker.stop();
          },
        };
      },
    });
  }

  families.push({
    name: "reservation-sweeper",
    start: () => startReservationSweeper({ db, indexer, intervalMs: config.sale.sweepIntervalMs, onReleased: holdsChanged }),
  });

  if (config.card && stripe) {
    const card = config.card;
    families.push({
      name: "card-expiry",
      start: () =>
        startCardExpiry({
          db,
          stripe,
          intervalMs: config.sale.sweepIntervalMs,
          orderSeconds: card.reservationTtlSeconds,
          logger,
          onExpired: () => {
            wake.notify("holds");
            wake.notify("fulfilment");
          },
        }),
    });
  }
  return families;
}
