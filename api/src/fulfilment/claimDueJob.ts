import { and, asc, eq, inArray, isNull, lte, lt, or, sql } from "drizzle-orm";
import type { Db } from "../db/openDatabase.ts";
import { custodyJobs } from "../db/schema.ts";
import type { CustodyJob } from "./custodyJobRow.ts";

/**
 * Claims the oldest due job nobody holds (no lease, or a lapsed one: its process died): the row is
 * locked while the lease is written (`skip locked`: two processes never take the same job), then
 * it is this worker's until `leaseMs` from now, unless extended.
 */
export async function claimDueJob(db: Db, workerId: string, leaseMs: number): Promise<CustodyJob | undefined> {
  return db.transaction(async (tx) => {
    const [due] = await tx
      .select({ id: custodyJobs.id })
      .from(custodyJobs)
      .where(
        and(
          inArray(custodyJobs.state, ["queued", "sent"]),
          lte(custodyJobs.runAfter, sql`now()`),
          or(isNull(custodyJobs.lockedUntil), lt(custodyJobs.lockedUntil, sql`now()`)),
        ),
      )
      .orderBy(asc(custodyJobs.runAfter), asc(custodyJobs.id))
      .limit(1)
      .for("update", { skipLocked: true });
    if (!due) return undefined;
    const [job] = await tx
      .update(custodyJobs)
      .set({ lockedBy: workerId, lockedUntil: sql`now() + ${`${leaseMs} milliseconds`}::interval` })
      .where(eq(custodyJobs.id, due.id))
      .returning();
    return job;
  });
}
