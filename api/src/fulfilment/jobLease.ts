import { and, eq, sql } from "drizzle-orm";
import type { Db, DbTransaction } from "../db/openDatabase.ts";
import { orderJobs } from "../db/tables/orderJobs.ts";

/** A job's lease was taken over (this run was too slow, or its process presumed dead): stop touching it. */
export class LeaseLost extends Error {
  constructor(jobId: number) {
    super(`order job ${jobId} is no longer this run's`);
  }
}

/** A run's hold on its job: the job and the token of its claim. */
export interface Lease {
  jobId: number;
  token: string;
  leaseMs: number;
}

/** Extends the lease; throws LeaseLost when another claim holds the job now. */
export async function extendLease(db: Db | DbTransaction, lease: Lease): Promise<void> {
  const rows = await db
    .update(orderJobs)
    .set({ lockedUntil: sql`now() + ${`${lease.leaseMs} milliseconds`}::interval` })
    .where(and(eq(orderJobs.id, lease.jobId), eq(orderJobs.lockedBy, lease.token)))
    .returning({ id: orderJobs.id });
  if (rows.length === 0) throw new LeaseLost(lease.jobId);
}

export interface JobOutcome {
  state: "queued" | "sent" | "done" | "failed";
  /** For queued or sent: not before this many ms from now. */
  retryInMs?: number;
  lastError?: string | null;
  /** A try that failed before anything was sent: counts toward the job's attempts (sends count themselves). */
  failedTry?: boolean;
  /** What the job produced outside (a refund's id). */
  resultId?: string;
}

/** Records where this run left its job and gives up the lease (only while it still holds it). */
export async function releaseJob(db: Db | DbTransaction, lease: Lease, outcome: JobOutcome): Promise<void> {
  await db
    .update(orderJobs)
    .set({
      state: outcome.state,
      lockedBy: null,
      lockedUntil: null,
      updatedAt: sql`now()`,
      runAfter: sql`now() + ${`${outcome.retryInMs ?? 0} milliseconds`}::interval`,
      ...(outcome.lastError === undefined ? {} : { lastError: outcome.lastError }),
      ...(outcome.failedTry ? { attempts: sql`${orderJobs.attempts} + 1` } : {}),
      ...(outcome.resultId === undefined ? {} : { resultId: outcome.resultId }),
    })
    .where(and(eq(orderJobs.id, lease.jobId), eq(orderJobs.lockedBy, lease.token)));
}
