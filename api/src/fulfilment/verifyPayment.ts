import type { FreezeCause } from "../sale/freezeOf.ts";
import { moveOrder } from "../sale/moveOrder.ts";
import { recordRefund } from "../sale/recordRefund.ts";
import { releaseOrderHolds } from "../sale/releaseOrderHolds.ts";
import type { CardOrderRow } from "../sale/cardOrderRows.ts";
import { cardOrderById, clearFreeze, markPaymentVerified, recordPaymentProblem } from "../sale/orderFacts.ts";
import { orderJobs } from "../db/tables/orderJobs.ts";
import type { OrderJob } from "./orderJobRow.ts";
import { type FulfilmentContext, retryDelayMs } from "./fulfilmentContext.ts";
import type { JobOutcome } from "./jobLease.ts";
import { paymentVerdict } from "./paymentVerdict.ts";
import { type PaymentFacts, readPaymentFacts } from "../sale/readPaymentFacts.ts";
import { recordPaymentFacts } from "../sale/recordPaymentFacts.ts";
import { revertReason } from "./revertReason.ts";

type Order = CardOrderRow;

/** States of a PaymentIntent that could still be paid: cancelled when the order gives its ids back. */
const PAYABLE = new Set(["requires_payment_method", "requires_confirmation", "requires_action"]);

const done: JobOutcome = { state: "done", lastError: null };

/** Why an order whose money went back before its mint has no Pix, in words for its buyer. */
const beforeMint = (cause: FreezeCause): string =>
  cause === "dispute_lost"
    ? "The card payment was disputed and the dispute went against the shop before the Pix were minted: nothing was minted"
    : "The payment was refunded in full outside the shop before the Pix were minted: nothing was minted";

/**
 * Stripe shows no payment for the order (a forged or mistaken event: `unpaid`), or one that is not
 * this order's (`foreign`: left to the admin): the order fails, its ids are released, and an
 * unpaid intent that could still be paid is cancelled.
 */
async function refuse(ctx: FulfilmentContext, order: Order, facts: PaymentFacts, reason: string, kind: "unpaid" | "foreign"): Promise<JobOutcome> {
  const told = kind === "unpaid" ? `${reason}: nothing was minted and nothing charged` : `${reason}: nothing was minted; the shop looks into this payment`;
  await ctx.db.transaction(async (tx) => {
    if (!(await moveOrder(tx, order.id, { to: "failed", from: ["paid"], reason: told }))) return;
    await recordPaymentProblem(tx, order.id, reason);
    await releaseOrderHolds(tx, order.id, "cancelled");
    if (kind === "unpaid" && PAYABLE.has(facts.intent.status)) {
      await tx.insert(orderJobs).values({ kind: "cancel", orderId: order.id, chainId: order.chainId }).onConflictDoNothing();
    }
  });
  ctx.onChanged();
  return done;
}

/**
 * The first step of a card order's custody mint: the PaymentIntent as Stripe answers it (the
 * webhook's body is never taken for it) must be paid for exactly this order (paymentVerdict.ts).
 * Anything else mints nothing: no payment, the order fails and its ids are released; another
 * amount or currency, it is refunded whole; another order's or mode's, it fails and is left to
 * the admin. A paid one is recorded with what Stripe says of refunds, disputes and fraud warnings:
 * refunded in full or a chargeback lost already, nothing is minted (the money went back). Stripe
 * away: tried again later, counting the try, and refunded after the tries allowed. Returns the
 * job's outcome, or undefined to go on minting.
 */
export async function verifyPayment(ctx: FulfilmentContext, job: OrderJob, order: Order): Promise<JobOutcome | undefined> {
  if (order.source !== "card" || order.state !== "paid" || order.paymentVerifiedAt !== null) return undefined;
  if (!ctx.stripe) return { state: "queued", retryInMs: 60_000, lastError: "card payments are not configured in this process: the payment cannot be checked" };
  const stripe = ctx.stripe;
  let facts: PaymentFacts;
  try {
    if (!order.paymentIntentId) throw new Error("the order has no PaymentIntent");
    facts = await readPaymentFacts(stripe, order.paymentIntentId);
  } catch (error) {
    if (job.attempts + 1 < ctx.maxAttempts) {
      return { state: "queued", retryInMs: retryDelayMs(ctx.retryMs, job.attempts + 1), lastError: `payment check: ${revertReason(error)}`, failedTry: true };
    }
    const reason = `The payment could not be checked with Stripe after ${job.attempts + 1} tries: refunded`;
    await ctx.db.transaction((tx) => recordRefund(tx, { orderId: order.id, tokenIds: order.tokenIds, reason }));
    ctx.onChanged();
    return { state: "failed", lastError: revertReason(error) };
  }
  const verdict = paymentVerdict(facts.intent, { orderId: order.id, cents: order.amountCents, livemode: ctx.livemode });
  switch (verdict.kind) {
    case "wait":
      return { state: "queued", retryInMs: retryDelayMs(ctx.retryMs, job.attempts + 1), lastError: verdict.reason, failedTry: true };
    case "unpaid":
      return refuse(ctx, order, facts, verdict.reason, "unpaid");
    case "foreign":
      return refuse(ctx, order, facts, verdict.reason, "foreign");
    case "mismatch":
      await ctx.db.transaction(async (tx) => {
        await recordPaymentProblem(tx, order.id, verdict.reason);
        await recordRefund(tx, { orderId: order.id, tokenIds: order.tokenIds, reason: `${verdict.reason}: it was refunded`, wholeCharge: true });
      });
      ctx.onChanged();
      return done;
    case "paid":
      break;
  }
  const ended = await ctx.db.transaction(async (tx) => {
    const locked = await cardOrderById(tx, order.id, { lock: true });
    if (locked?.state !== "paid") return true;
    await markPaymentVerified(tx, order.id);
    const freeze = await recordPaymentFacts(tx, locked, facts);
    if (!freeze?.forGood) return false;
    // The money is back with the buyer already: nothing to mint, nothing left in custody to freeze.
    await recordRefund(tx, { orderId: order.id, tokenIds: locked.tokenIds, reason: beforeMint(freeze.cause), alreadyReturned: true });
    await clearFreeze(tx, order.id);
    return true;
  });
  if (ended) ctx.onChanged();
  return ended ? done : undefined;
}
