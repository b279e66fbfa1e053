import { cardOrderById, recordPaymentEventsChecked } from "../sale/orderFacts.ts";
import type { OrderJob } from "./orderJobRow.ts";
import { type FulfilmentContext, retryDelayMs } from "./fulfilmentContext.ts";
import { type JobOutcome, type Lease, releaseJob } from "./jobLease.ts";
import { readPaymentFacts } from "../sale/readPaymentFacts.ts";
import { recordPaymentFacts } from "../sale/recordPaymentFacts.ts";
import { revertReason } from "./revertReason.ts";

/**
 * One run of a `payment_check` job, queued by a dispute, refund or fraud warning event: reads the
 * payment from Stripe and freezes or unfreezes the order by what Stripe says (recordPaymentFacts.ts),
 * whatever the event claimed. An event that came while it ran (the order's `paymentEvents` grew)
 * runs it again: the job is released in the transaction that holds the order's row lock, the lock
 * an event takes to queue it again, so no event falls between the check and its release. Stripe
 * away: tried again later; after many tries it is given up, the order staying as the events left
 * it (frozen, if they froze it). Returns the outcome to record, or undefined once recorded.
 */
async function runPaymentCheckJob(ctx: FulfilmentContext, job: OrderJob, lease: Lease): Promise<JobOutcome | undefined> {
  const order = await cardOrderById(ctx.db, job.orderId!);
  if (!order?.paymentIntentId) return { state: "done", lastError: "the order has no PaymentIntent" };
  if (!ctx.stripe) return { state: "queued", retryInMs: 60_000, lastError: "card payments are not configured in this process" };
  const seen = order.paymentEvents;
  let facts: Awaited<ReturnType<typeof readPaymentFacts>>;
  try {
    facts = await readPaymentFacts(ctx.stripe, order.paymentIntentId);
  } catch (error) {
    const failed = job.attempts + 1 >= ctx.maxAttempts * 2;
    return { state: failed ? "failed" : "queued", retryInMs: retryDelayMs(ctx.retryMs, job.attempts + 1), lastError: revertReason(error), failedTry: true };
  }
  await ctx.db.transaction(async (tx) => {
    const locked = await cardOrderById(tx, order.id, { lock: true });
    if (!locked) return;
    await recordPaymentFacts(tx, locked, facts);
    await recordPaymentEventsChecked(tx, order.id, seen);
    const again = locked.paymentEvents > seen;
    await releaseJob(tx, lease, again ? { state: "queued", retryInMs: 0, lastError: null } : { state: "done", lastError: null });
  });
  return undefined;
}

/** Runs a payment check and records the outcome, giving up the lease. */
export async function paymentCheckJob(ctx: FulfilmentContext, job: OrderJob, lease: Lease): Promise<void> {
  const outcome = await runPaymentCheckJob(ctx, job, lease);
  if (outcome) await releaseJob(ctx.db, lease, outcome);
}
