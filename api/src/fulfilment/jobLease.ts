import { and, eq, sql } from "drizzle-orm";
import type { Db, DbTransaction } from "../db/openDatabase.ts";
import { custodyJobs } from "../db/schema.ts";

/** A job's lease was taken over (this process was too slow, or presumed dead): stop touching it. */
export class LeaseLost extends Error {
  constructor(jobId: number) {
    super(`custody job ${jobId} is no longer this worker's`);
  }
}

/** Extends this worker's lease on a job; throws LeaseLost when another worker holds it now. */
export async function extendLease(db: Db | DbTransaction, jobId: number, workerId: string, leaseMs: number): Promise<void> {
  const rows = await db
    .update(custodyJobs)
    .set({ lockedUntil: sql`now() + ${`${leaseMs} milliseconds`}::interval` })
    .where(and(eq(custodyJobs.id, jobId), eq(custodyJobs.lockedBy, workerId)))
    .returning({ id: custodyJobs.id });
  if (rows.length === 0) throw new LeaseLost(jobId);
}

export interface JobOutcome {
  state: "queued" | "sent" | "done" | "failed";
  /** For queued or sent: not before this many ms from now. */
  retryInMs?: number;
  lastError?: string | null;
}

/** Records where this worker left a job and gives up its lease (only if it still holds it). */
export async function releaseJob(db: Db | DbTransaction, jobId: number, workerId: string, outcome: JobOutcome): Promise<void> {
  await db
    .update(custodyJobs)
    .set({
      state: outcome.state,
      lockedBy: null,
      lockedUntil: null,
      updatedAt: sql`now()`,
      runAfter: sql`now() + ${`${outcome.retryInMs ?? 0} milliseconds`}::interval`,
      ...(outcome.lastError === undefined ? {} : { lastError: outcome.lastError }),
    })
    .where(and(eq(custodyJobs.id, jobId), eq(custodyJobs.lockedBy, workerId)));
}
