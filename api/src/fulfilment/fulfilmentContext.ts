import type Stripe from "stripe";
import type { TierName } from "@pixlings/shared/tiers";
import type { Db } from "../db/openDatabase.ts";
import type { CustodyChain } from "./custodyChain.ts";

/** What custody jobs run with: one per API process. */
export interface FulfilmentContext {
  db: Db;
  chain: CustodyChain;
  /** Refunds card orders; undefined when card payments are off (only freemint orders then). */
  stripe: Stripe | undefined;
  workerId: string;
  leaseMs: number;
  maxAttempts: number;
  /** A Pix's tier (its card price when refunded). */
  tierOf(tokenId: number): Promise<TierName>;
  /** After an order or a Pix changed hands: the market reloads what it shows. */
  onChanged(): void;
}

/** How long to wait before a job's next attempt: 1 s, then 4 s, 16 s, ... at most 5 min. */
export const retryDelayMs = (attempts: number): number => Math.min(1_000 * 4 ** Math.max(0, attempts - 1), 300_000);

/** How long a run waits for a receipt before it leaves the job for a later run. */
export const RECEIPT_WAIT_MS = 30_000;
