import type { Logger } from "pino";
import { createStripeClient } from "../checkout/createStripeClient.ts";
import type { ApiConfig } from "../config/readConfig.ts";
import type { Database } from "../db/openDatabase.ts";
import { startCustodySales } from "../fulfilment/startCustodySales.ts";
import type { IndexerReader } from "../indexer/indexerReader.ts";
import { saleEventsOverWake } from "../jobs/saleEventsOverWake.ts";
import type { Wake } from "../jobs/wake.ts";
import { createArtAdmin } from "../review/artAdminClients.ts";
import { startReplacementWorker } from "../review/replacementWorker.ts";
import { startCardExpiry } from "../sale/startCardExpiry.ts";
import { startReservationSweeper } from "../sale/startReservationSweeper.ts";
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
  // The sale's changes these loops make (holds, jobs) reach web processes, and web processes' reach them.
  const saleEvents = saleEventsOverWake(wake);
  const stripe = config.card ? createStripeClient(config.card) : undefined;
  const families: JobFamily[] = [];

  if (config.custody?.keys && config.custody.runWorker) {
    families.push({
      name: "fulfilment",
      start: () => {
        const worker = startCustodySales({ config, db, indexer, events: saleEvents, stripe, logger })?.worker;
        return { stop: async () => await worker?.stop() };
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
            saleEvents.changed("holds");
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
    start: () => startReservationSweeper({ db, indexer, intervalMs: config.sale.sweepIntervalMs, events: saleEvents }),
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
          events: saleEvents,
        }),
    });
  }
  return families;
}
