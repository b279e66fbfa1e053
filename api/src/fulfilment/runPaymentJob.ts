import type Stripe from "stripe";
import { cardOrderById, recordRefundId } from "../sale/orderFacts.ts";
import type { OrderJob } from "./orderJobRow.ts";
import { type FulfilmentContext, retryDelayMs } from "./fulfilmentContext.ts";
import { type JobOutcome, type Lease, releaseJob } from "./jobLease.ts";
import { revertReason } from "./revertReason.ts";

/** Stripe's answer that there is nothing (left) to do: the PaymentIntent went ahead or is gone, or the charge is refunded. */
const NOTHING_TO_DO = new Set(["payment_intent_unexpected_state", "resource_missing", "charge_already_refunded"]);
const codeOf = (error: unknown): string | undefined => (error as { code?: string }).code;

/**
 * One run of a `refund` job (its cents back through Stripe, keyed by the job: a second run gets the
 * same refund) or a `cancel` job (the order's PaymentIntent cancelled, so it can no longer be paid).
 * Stripe away: retried later, counting the try.
 */
async function runPaymentJob(ctx: FulfilmentContext, stripe: Stripe, job: OrderJob): Promise<JobOutcome> {
  const order = await cardOrderById(ctx.db, job.orderId!);
  if (!order?.paymentIntentId) return { state: "failed", lastError: "the order has no PaymentIntent" };
  try {
    if (job.kind === "cancel") {
      await stripe.paymentIntents.cancel(order.paymentIntentId, {}, { idempotencyKey: `card-cancel-${order.id}` });
      return { state: "done", lastError: null };
    }
    const refund = await stripe.refunds.create(
      {
        payment_intent: order.paymentIntentId,
        // No amount: everything left on the charge (a payment that did not match the order).
        ...(job.amountCents === null ? {} : { amount: job.amountCents }),
        reason: "requested_by_customer",
        metadata: { orderId: order.id, tokenIds: (job.tokenIds ?? []).join(",") },
      },
      { idempotencyKey: `card-refund-job-${job.id}` },
    );
    await recordRefundId(ctx.db, order.id, refund.id);
    return { state: "done", lastError: null, resultId: refund.id };
  } catch (error) {
    const code = codeOf(error);
    if (code !== undefined && NOTHING_TO_DO.has(code)) return { state: "done", lastError: code };
    if (job.attempts + 1 >= ctx.maxAttempts * 2) return { state: "failed", lastError: revertReason(error), failedTry: true };
    return { state: "queued", retryInMs: retryDelayMs(ctx.retryMs, job.attempts + 1), lastError: revertReason(error), failedTry: true };
  }
}

/** Runs a refund or cancel job and records the outcome, giving up the lease. */
export async function paymentJob(ctx: FulfilmentContext, job: OrderJob, lease: Lease): Promise<void> {
  if (!ctx.stripe) {
    await releaseJob(ctx.db, lease, { state: "queued", retryInMs: 60_000, lastError: "card payments are not configured in this process" });
    return;
  }
  await releaseJob(ctx.db, lease, await runPaymentJob(ctx, ctx.stripe, job));
}
