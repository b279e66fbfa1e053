import { and, asc, inArray, isNull, lte, lt, notInArray, or, sql } from "drizzle-orm";
import type { Db } from "../db/openDatabase.ts";
import { orderJobs } from "../db/tables/orderJobs.ts";
import type { OrderJob } from "./orderJobRow.ts";

/** Work not yet sent first: a paid order's mint must not queue behind the many looks of mints already out waiting for a final block. */
const notSentFirst = (a: OrderJob, b: OrderJob): number =>
  Number(a.state === "sent") - Number(b.state === "sent") || a.runAfter.getTime() - b.runAfter.getTime() || a.id - b.id;

/**
 * Claims up to `max` of the oldest due jobs nobody holds (no lease, or a lapsed one: its process
 * died, or stalled), those with nothing sent before those with a transaction out, but none of
 * `running` (this process's own, still in hand), in ONE statement: the rows are locked by the
 * select inside the update that writes their leases (`skip locked`: two processes never take the
 * same job). Each lease is a token of its own (`lockedBy`), valid `leaseMs` unless extended: a run
 * whose lease was taken over can no longer extend, send or record anything. A drop's worker claims
 * for each of its places and for every look at a mint waiting for a final block: one round trip
 * where a transaction took four (BEGIN, the select, the update, COMMIT).
 */
export async function claimDueJobs(db: Db, leaseMs: number, running: readonly number[], max: number): Promise<OrderJob[]> {
  const due = db
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
    .orderBy(sql`${orderJobs.state} = 'sent'`, asc(orderJobs.runAfter), asc(orderJobs.id))
    .limit(max)
    .for("update", { skipLocked: true });
  const jobs = await db
    .update(orderJobs)
    .set({ lockedBy: sql`gen_random_uuid()::text`, lockedUntil: sql`now() + ${`${leaseMs} milliseconds`}::interval` })
    .where(inArray(orderJobs.id, due))
    .returning();
  return jobs.sort(notSentFirst);
}
