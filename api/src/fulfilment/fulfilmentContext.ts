import type Stripe from "stripe";
import type { Db } from "../db/openDatabase.ts";
import type { IndexerReader } from "../indexer/indexerReader.ts";
import type { CustodyChain } from "./custodyChain.ts";

/** What order jobs run with: one per API process. */
export interface FulfilmentContext {
  db: Db;
  chain: CustodyChain;
  /** What the indexer shows of every chain: a Pix minted on another chain is never minted again here. */
  indexer: IndexerReader;
  /** Refunds and cancels card orders; undefined when card payments are off (only freemint orders then). */
  stripe: Stripe | undefined;
  /** Whether the Stripe keys are live ones: a paid PaymentIntent must be of the same mode. */
  livemode: boolean;
  leaseMs: number;
  /** Tries of a job before its order is refunded (or a transfer marked failed). */
  maxAttempts: number;
  /** The first retry's wait; each next one 4x longer, at most 5 min. */
  retryMs: number;
  /** After an order or a Pix changed hands: the market reloads what it shows, the worker looks for new jobs. */
  onChanged(): void;
}

/** How long to wait before a job's next try: `base`, then 4x longer each time, at most 5 min. */
export const retryDelayMs = (base: number, attempts: number): number => Math.min(base * 4 ** Math.max(0, attempts - 1), 300_000);

/** How long a run waits for a receipt before it leaves the job for a later run. */
export const RECEIPT_WAIT_MS = 30_000;
