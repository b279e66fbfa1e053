import type { Logger } from "pino";
import { withRequestId } from "../logging/requestContext.ts";
import { claimDueJobs } from "./claimDueJob.ts";
import type { OrderJob } from "./orderJobRow.ts";
import type { FulfilmentContext } from "./fulfilmentContext.ts";
import { extendLease, type Lease, LeaseLost, releaseJob } from "./jobLease.ts";
import { revertReason } from "./revertReason.ts";
import { mintJob } from "./runMintJob.ts";
import { paymentCheckJob } from "./runPaymentCheckJob.ts";
import { paymentJob } from "./runPaymentJob.ts";
import { transferJob } from "./runTransferJob.ts";

export interface FulfilmentWorker {
  /** Look for due jobs now (after this process wrote one). */
  wake(): void;
  /**
   * Stops claiming; resolves when the jobs in hand have finished their current step, or after a
   * few seconds (a job waiting for its receipt is taken over from the chain once its lease lapses).
   */
  stop(): Promise<void>;
}

/** How long stopping waits for the jobs in hand. */
const STOP_WAIT_MS = 5_000;
/**
 * Jobs one process runs at once. A custody mint holds its place until its receipt (about a block),
 * so this bounds the mints a block: at a block a second and a drop's 4 paid orders a second, 4
 * places left orders queued for seconds. The sends of one key still take turns (its nonce counter,
 * signWithKeyNonce.ts), each only for its signing.
 */
const CONCURRENCY = 16;

const RUNNERS = { mint: mintJob, transfer: transferJob, refund: paymentJob, cancel: paymentJob, payment_check: paymentCheckJob } as const;

/**
 * The fulfilment worker of one API process: claims due order jobs (any process's: the lease
 * decides), runs each while extending its lease, and records where it left them. A job that throws
 * (RPC away, database busy) is retried a little later; nothing is decided without the chain.
 */
export function startFulfilmentWorker(ctx: FulfilmentContext, p: { pollMs: number; logger: Logger }): FulfilmentWorker {
  const running = new Map<number, Promise<void>>();
  let stopped = false;
  let claiming = false;
  let again = false;

  const run = async (job: OrderJob): Promise<void> => {
    const lease: Lease = { jobId: job.id, token: job.lockedBy!, leaseMs: ctx.leaseMs };
    const heartbeat = setInterval(() => void extendLease(ctx.db, lease).catch(() => undefined), ctx.leaseMs / 3);
    try {
      await RUNNERS[job.kind](ctx, job, lease);
    } catch (error) {
      if (error instanceof LeaseLost) return;
      p.logger.warn({ err: error, jobId: job.id, kind: job.kind }, "order job failed this time; retrying");
      await releaseJob(ctx.db, lease, { state: job.state, retryInMs: 2_000, lastError: revertReason(error) }).catch(() => undefined);
    } finally {
      clearInterval(heartbeat);
    }
  };

  const claim = async (): Promise<void> => {
    if (claiming) {
      again = true;
      return;
    }
    claiming = true;
    try {
      do {
        again = false;
        while (!stopped && running.size < CONCURRENCY) {
          // One statement for every free place (claimDueJobs).
          const free = CONCURRENCY - running.size;
          const jobs = await claimDueJobs(ctx.db, ctx.leaseMs, [...running.keys()], free);
          for (const job of jobs) {
            // Its log lines carry the id of the request that queued it.
            const done: Promise<void> = withRequestId(job.requestId, () => run(job)).finally(() => {
              running.delete(job.id);
              if (!stopped) void claim();
            });
            running.set(job.id, done);
          }
          if (jobs.length < free) break;
        }
      } while (again && !stopped);
    } catch (error) {
      p.logger.warn({ err: error }, "could not claim order jobs; retrying");
    } finally {
      claiming = false;
    }
  };

  const timer = setInterval(() => void claim(), p.pollMs);
  timer.unref();
  void claim();
  return {
    wake: () => void claim(),
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await Promise.race([Promise.allSettled([...running.values()]), new Promise((resolve) => setTimeout(resolve, STOP_WAIT_MS).unref())]);
    },
  };
}
