import type { Logger } from "pino";
import type Stripe from "stripe";
import type { ApiConfig } from "../config/readConfig.ts";
import type { Db } from "../db/openDatabase.ts";
import type { IndexerReader } from "../indexer/indexerReader.ts";
import { custodyChainOf, type CustodyChain } from "./custodyChain.ts";
import { startFulfilmentWorker, type FulfilmentWorker } from "./startFulfilmentWorker.ts";

export interface CustodySales {
  chain: CustodyChain;
  /** This process's worker; undefined when FULFILMENT_WORKER=off (another process mints). */
  worker: FulfilmentWorker | undefined;
}

/** The custody side of card and freemint sales, when they are on: the primary chain and this process's fulfilment worker. */
export function startCustodySales(p: {
  config: ApiConfig;
  db: Db;
  indexer: IndexerReader;
  /** Holds changed (an order fulfilled or refunded): the listings are stale. */
  onChanged(): void;
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
      // The chain's tier (as indexed), as the checkout priced it.
      onChanged: p.onChanged,
    },
    { pollMs: custody.pollMs, logger: p.logger },
  );
  return { chain, worker };
}
