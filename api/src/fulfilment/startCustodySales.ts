import { randomUUID } from "node:crypto";
import type { Logger } from "pino";
import type Stripe from "stripe";
import type { ApiConfig } from "../config/readConfig.ts";
import type { Db } from "../db/openDatabase.ts";
import type { Market } from "../market/market.ts";
import { custodyChainOf, type CustodyChain } from "./custodyChain.ts";
import { startFulfilmentWorker, type FulfilmentWorker } from "./startFulfilmentWorker.ts";

export interface CustodySales {
  chain: CustodyChain;
  worker: FulfilmentWorker;
}

/** The custody side of card and freemint sales, when they are on: the primary chain and this process's fulfilment worker. */
export function startCustodySales(p: { config: ApiConfig; db: Db; market: Market; stripe: Stripe | undefined; logger: Logger }): CustodySales | undefined {
  const custody = p.config.custody;
  const chain = custody && custodyChainOf(p.config.sale, custody);
  if (!custody || !chain) return undefined;
  const worker = startFulfilmentWorker(
    {
      db: p.db,
      chain,
      stripe: p.stripe,
      workerId: randomUUID(),
      leaseMs: custody.leaseMs,
      maxAttempts: custody.maxAttempts,
      tierOf: async (tokenId) => {
        const entry = (await p.market.state()).catalogue.get(tokenId);
        if (!entry) throw new Error(`Pix #${tokenId} is not in the catalogue`);
        return entry.tier;
      },
      onChanged: () => p.market.invalidateReservations(),
    },
    { pollMs: custody.pollMs, logger: p.logger },
  );
  return { chain, worker };
}
