import type { Logger } from "pino";
import type Stripe from "stripe";
import type { ApiConfig } from "../config/readConfig.ts";
import type { Db } from "../db/openDatabase.ts";
import type { IndexerReader } from "../indexer/indexerReader.ts";
import type { SaleEvents } from "../sale/saleEvents.ts";
import { custodyChainOf, type CustodyChain } from "./custodyChain.ts";
import { startFulfilmentWorker, type FulfilmentWorker } from "./startFulfilmentWorker.ts";

export interface CustodySales {
  chain: CustodyChain;
  /** This process's worker; undefined when FULFILMENT_WORKER=off (another process mints). */
  worker: FulfilmentWorker | undefined;
}

/**
 * The custody side of card and freemint sales, when they are on and this process holds the keys
 * (a worker): the primary chain and this process's fulfilment worker.
 */
export function startCustodySales(p: {
  config: ApiConfig;
  db: Db;
  indexer: IndexerReader;
  events: SaleEvents;
  stripe: Stripe | undefined;
  logger: Logger;
}): CustodySales | undefined {
  const custody = p.config.custody;
  const chain = custody?.keys && custodyChainOf(p.config.sale, custody.keys);
  if (!custody || !chain) return undefined;
  if (!custody.runWorker) return { chain, worker: undefined };
  const worker = startFulfilmentWorker(
    {
      db: p.db,
      chain,
      stripe: p.stripe,
      livemode: p.config.card?.livemode ?? false,
      leaseMs: custody.leaseMs,
      maxAttempts: custody.maxAttempts,
      retryMs: custody.retryMs,
      indexer: p.indexer,
      // An order minted or refunded, a Pix transferred: the listings change.
      onChanged: () => p.events.changed("holds"),
    },
    { pollMs: custody.pollMs, logger: p.logger },
  );
  // Whatever queues a job or makes one due (a payment, an expiry, Mint to Wallet), in this process or another, wakes this worker.
  const unsubscribe = p.events.subscribe((changes) => {
    if (changes.has("jobs")) worker.wake();
  });
  return {
    chain,
    worker: {
      ...worker,
      stop: () => {
        unsubscribe();
        return worker.stop();
      },
    },
  };
}
