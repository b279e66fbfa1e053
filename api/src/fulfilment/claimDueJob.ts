import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, isNull, lte, lt, notInArray, or, sql } from "drizzle-orm";
import type { Db } from "../db/openDatabase.ts";
import { orderJobs } from "../db/tables/orderJobs.ts";
import type { OrderJob } from "./orderJobRow.ts";

/**
 * Claims the oldest due job nobody holds (no lease, or a lapsed one: its process died, or stalled),
 * those with nothing sent before those with a transaction out, but none of `running` (this
 * process's own, still in hand): the row is locked while the lease is written (`skip locked`: two
 * processes never take the same job). The lease is a token of this claim alone (`lockedBy`), valid
 * `leaseMs` unless extended: a run whose lease was taken over can no longer extend, send or record
 * anything.
 */
export async function claimDueJob(db: Db, leaseMs: number, running: readonly number[]): Promise<OrderJob | undefined> {
  return db.transaction(async (tx) => {
    const [due] = await tx
      .select({ id: orderJobs.id })
      .from(orderJobs)
      .where(
        and(
          inArray(orderJobs.state, ["queued", "sent"]),
          lte(orderJobs.runAfter, sql`now()`),
          or(isNull(orderJobs.lockedUntil), lt(orderJobs.lockedUntil, sql`now()`)),
          ...(running.length > 0 ? [notInArray(orderJobs.id, [...running])] : []),
        ),
      )
      // Work not yet sent first: a paid order's mint must not queue behind the many looks of mints
      // already out waiting for a final block (each due every FINALITY_POLL_MS).
      .orderBy(sql`${orderJobs.state} = 'sent'`, asc(orderJobs.runAfter), asc(orderJobs.id))
      .limit(1)
      .for("update", { skipLocked: true });
    if (!due) return undefined;
    const [job] = await tx
      .update(orderJobs)
      .set({ lockedBy: randomUUID(), lockedUntil: sql`now() + ${`${leaseMs} milliseconds`}::interval` })
      .where(eq(orderJobs.id, due.id))
      .returning();
    return job;
  });
}
