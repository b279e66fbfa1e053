import { eq, sql } from "drizzle-orm";
import { encodeFunctionData, isAddressEqual, type Hash } from "viem";
import { pixlingsAbi } from "@pixlings/shared/contract";
import { moveOrder } from "../checkout/moveOrder.ts";
import { refundOrderIds } from "../checkout/refundOrderIds.ts";
import { cardOrders } from "../db/schema.ts";
import type { CustodyJob } from "./custodyJobRow.ts";
import { type FulfilmentContext, RECEIPT_WAIT_MS, retryDelayMs } from "./fulfilmentContext.ts";
import { type JobOutcome, releaseJob } from "./jobLease.ts";
import { ownersOnChain } from "./ownersOnChain.ts";
import { sendJobTransaction } from "./sendJobTransaction.ts";
import { sentBefore } from "./sentBefore.ts";
import { revertReason } from "./revertReason.ts";

type Order = typeof cardOrders.$inferSelect;

async function loadOrder(ctx: FulfilmentContext, orderId: string): Promise<Order> {
  const [order] = await ctx.db.select().from(cardOrders).where(eq(cardOrders.id, orderId));
  if (!order) throw new Error(`custody mint job for a missing order ${orderId}`);
  return order;
}

/** The order's ids are all in custody: it is minted (with the transaction that did it, when known). */
async function finishMinted(ctx: FulfilmentContext, job: CustodyJob, hash: Hash | null): Promise<JobOutcome> {
  await ctx.db.transaction(async (tx) => {
    if (hash) await tx.update(cardOrders).set({ mintTxHash: hash }).where(eq(cardOrders.id, job.orderId!));
    await moveOrder(tx, job.orderId!, { to: "minted", from: ["minting"] });
  });
  ctx.onChanged();
  return { state: "done", lastError: null };
}

/**
 * One run of a paid order's custody mint. First what was sent before (mined, pending, dropped);
 * then the chain itself: ids already in custody are not minted again, ids someone else owns are
 * refunded, and only the rest is sent to `mintToCustody`. A revert or a lost transaction is
 * retried later, from the chain again; after `maxAttempts` sends the rest is refunded.
 */
async function runMintJob(ctx: FulfilmentContext, job: CustodyJob): Promise<JobOutcome> {
  let order = await loadOrder(ctx, job.orderId!);
  if (order.state === "minted" || order.state === "refunded") return { state: "done" };
  if (order.state === "paid") await moveOrder(ctx.db, order.id, { to: "minting", from: ["paid"] });
  const { minter, custody } = ctx.chain;
  const before = await sentBefore(ctx.chain, job, minter, RECEIPT_WAIT_MS);
  if (before.mined === "pending") return { state: "sent", retryInMs: 1_000 };
  const lastHash = before.mined === "dropped" ? null : before.hash;

  const wanted = order.tokenIds.filter((id) => !order.refundedTokenIds.includes(id));
  const owners = await ownersOnChain(ctx.chain, wanted);
  const lost = wanted.filter((id) => {
    const owner = owners.get(id);
    return owner != null && !isAddressEqual(owner, custody.address);
  });
  if (lost.length > 0) {
    const names = lost.map((id) => `Pix #${id}`).join(", ");
    await refundOrderIds(ctx.db, {
      order,
      tokenIds: lost,
      reason: `${names} could not be minted for this order: refunded`,
      stripe: ctx.stripe,
      tierOf: ctx.tierOf,
    });
    order = await loadOrder(ctx, order.id);
    ctx.onChanged();
  }
  const toMint = wanted.filter((id) => owners.get(id) === null);
  if (toMint.length === 0) return order.state === "refunded" ? { state: "done" } : finishMinted(ctx, job, lastHash);

  if (job.attempts >= ctx.maxAttempts) {
    await refundOrderIds(ctx.db, {
      order,
      tokenIds: toMint,
      reason: `${toMint.map((id) => `Pix #${id}`).join(", ")} could not be minted after ${job.attempts} tries: refunded`,
      stripe: ctx.stripe,
      tierOf: ctx.tierOf,
    });
    ctx.onChanged();
    const after = await loadOrder(ctx, order.id);
    if (after.state !== "refunded") await finishMinted(ctx, job, lastHash);
    return { state: "failed", lastError: job.lastError };
  }
  const data = encodeFunctionData({ abi: pixlingsAbi, functionName: "mintToCustody", args: [custody.address, toMint.map(BigInt)] });
  let hash: Hash;
  try {
    ({ hash } = await sendJobTransaction(ctx.db, ctx.chain, { jobId: job.id, workerId: ctx.workerId, leaseMs: ctx.leaseMs, from: minter, data }));
  } catch (error) {
    // Refused before sending (a revert in the estimate: paused, ...) or the RPC away: try again later.
    await ctx.db.update(cardOrders).set({ updatedAt: sql`now()` }).where(eq(cardOrders.id, order.id));
    return { state: "queued", retryInMs: retryDelayMs(job.attempts + 1), lastError: revertReason(error) };
  }
  const receipt = await ctx.chain.client.waitForTransactionReceipt({ hash, timeout: RECEIPT_WAIT_MS, pollingInterval: 100 }).catch(() => undefined);
  if (!receipt) return { state: "sent", retryInMs: 1_000 };
  if (receipt.status === "success") return finishMinted(ctx, job, hash);
  return { state: "queued", retryInMs: retryDelayMs(job.attempts + 1), lastError: `mintToCustody reverted (${hash})` };
}

/** Runs a mint job and records the outcome, giving up the lease. */
export async function mintJob(ctx: FulfilmentContext, job: CustodyJob): Promise<void> {
  await releaseJob(ctx.db, job.id, ctx.workerId, await runMintJob(ctx, job));
}
