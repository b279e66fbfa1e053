import { encodeFunctionData, isAddressEqual, type Hash } from "viem";
import { pixlingsAbi } from "@pixlings/shared/contract";
import { moveOrder } from "../sale/moveOrder.ts";
import { recordRefund } from "../sale/recordRefund.ts";
import type { CardOrderRow } from "../sale/cardOrderRows.ts";
import { cardOrderById, recordMintTx } from "../sale/orderFacts.ts";
import type { OrderJob } from "./orderJobRow.ts";
import { type FulfilmentContext, RECEIPT_WAIT_MS, retryDelayMs } from "./fulfilmentContext.ts";
import { type JobOutcome, type Lease, releaseJob } from "./jobLease.ts";
import { ownersOnChain } from "../chains/ownersOnChain.ts";
import { revertReason } from "./revertReason.ts";
import { awaitReceipt } from "../chains/storedTransaction.ts";
import { blockIsFinal, FINALITY_POLL_MS, mintIsFinal } from "./mintFinality.ts";
import { sendJobTransaction } from "./sendJobTransaction.ts";
import { sentBefore } from "./sentBefore.ts";
import { verifyPayment } from "./verifyPayment.ts";

type Order = CardOrderRow;
/** The job's own successful mint transaction, as a receipt at the chain head shows it. */
type Mined = { hash: Hash; blockNumber: bigint };

const listOf = (ids: readonly number[]): string => ids.map((id) => `Pix #${id}`).join(", ");

async function loadOrder(ctx: FulfilmentContext, orderId: string): Promise<Order> {
  const order = await cardOrderById(ctx.db, orderId);
  if (!order) throw new Error(`mint job for a missing order ${orderId}`);
  return order;
}

/** Gives the order's money back for `ids` (once, whoever decides it twice) and reloads what the shop shows. */
async function refund(ctx: FulfilmentContext, orderId: string, ids: readonly number[], reason: string): Promise<void> {
  await ctx.db.transaction((tx) => recordRefund(tx, { orderId, tokenIds: ids, reason }));
  ctx.onChanged();
}

/**
 * The order's ids are all in custody at a final block: it is minted (with the transaction that did
 * it when that is the job's own, known and final; else none rather than one a reorg dropped).
 */
async function finishMinted(ctx: FulfilmentContext, orderId: string, hash: Hash | null): Promise<JobOutcome> {
  await ctx.db.transaction(async (tx) => {
    await recordMintTx(tx, orderId, hash);
    await moveOrder(tx, orderId, { to: "minted", from: ["minting"] });
  });
  ctx.onChanged();
  return { state: "done", lastError: null };
}

/** The buyer sees the mint's transaction while it waits for a final block (and none once it was dropped). */
async function showMintTx(ctx: FulfilmentContext, order: Order, hash: Hash | null): Promise<void> {
  if (order.mintTxHash === hash) return;
  await recordMintTx(ctx.db, order.id, hash, { whileMinting: true });
}

/**
 * Every id left is in custody: the order is minted once that is so at a final block (a reorg can
 * no longer drop it); until then the job looks again, the order stays `minting` with its mint's
 * transaction shown, and a reorg that drops the mint finds the ids unminted on a later run.
 */
async function mintedWhenFinal(ctx: FulfilmentContext, order: Order, ids: readonly number[], mint: Mined | undefined): Promise<JobOutcome> {
  const { final, finalBlock } = await mintIsFinal(ctx.chain, ids, mint?.blockNumber);
  if (!final) return { state: "sent", retryInMs: FINALITY_POLL_MS };
  const ours = mint && finalBlock !== undefined && mint.blockNumber <= finalBlock ? mint.hash : null;
  return finishMinted(ctx, order.id, ours);
}

/**
 * The ids of `wanted` still to mint to custody, from the chains themselves: already in custody on
 * the primary chain (a send that went through): not again; owned by anyone else there, or minted
 * on any other chain as the indexer shows (an id sold once across chains): refunded.
 */
async function stillToMint(ctx: FulfilmentContext, order: Order, wanted: readonly number[]): Promise<number[]> {
  const owners = await ownersOnChain(ctx.chain, wanted);
  const facts = await ctx.indexer.saleFacts({ chainId: ctx.chain.sale.chainId, tokenIds: wanted });
  const elsewhere = new Set(facts.minted.filter((m) => m.chainId !== ctx.chain.sale.chainId).map((m) => m.tokenId));
  const lost = wanted.filter((id) => {
    const owner = owners.get(id);
    return elsewhere.has(id) || (owner != null && !isAddressEqual(owner, ctx.chain.custody.address));
  });
  if (lost.length > 0) await refund(ctx, order.id, lost, `${listOf(lost)} could not be minted for this order (sold elsewhere meanwhile): refunded`);
  return wanted.filter((id) => !lost.includes(id) && owners.get(id) === null);
}

/**
 * One run of a paid order's custody mint: first its payment as Stripe answers it (verifyPayment.ts:
 * nothing is minted for a payment Stripe does not show), then what was sent before (mined, pending,
 * dropped, to be signed again at its nonce), then the chains (`stillToMint`), and only the rest is
 * sent to `mintToCustody`. A revert, a send refused before it left, or a lost transaction is retried
 * later, from the chains again; after `maxAttempts` tries the rest is refunded. Minted only once the
 * ids are in custody at a final block (`mintedWhenFinal`).
 */
async function runMintJob(ctx: FulfilmentContext, job: OrderJob, lease: Lease): Promise<JobOutcome> {
  let order = await loadOrder(ctx, job.orderId!);
  if (order.state === "minted" || order.state === "refunded" || order.state === "failed") return { state: "done" };
  const refused = await verifyPayment(ctx, job, order);
  if (refused) return refused;
  if (order.state === "paid") await moveOrder(ctx.db, order.id, { to: "minting", from: ["paid"] });
  const before = await sentBefore(ctx.db, ctx.chain, job, ctx.chain.minter, RECEIPT_WAIT_MS);
  const mined: Mined | undefined = before.mined === "success" ? { hash: before.hash, blockNumber: before.blockNumber } : undefined;
  await showMintTx(ctx, order, mined?.hash ?? null);
  if (before.mined === "pending") return { state: "sent", retryInMs: 1_000 };
  // The job's own mint is in a block not final yet: nothing can be decided before it is, so this
  // look (every FINALITY_POLL_MS while it waits, most of a job's runs) asks the chain's head alone.
  if (mined && !(await blockIsFinal(ctx.chain, mined.blockNumber))) return { state: "sent", retryInMs: FINALITY_POLL_MS };

  const toMint = await stillToMint(
    ctx,
    order,
    order.tokenIds.filter((id) => !order.refundedTokenIds.includes(id)),
  );
  order = await loadOrder(ctx, order.id);
  const kept = order.tokenIds.filter((id) => !order.refundedTokenIds.includes(id));
  if (toMint.length === 0) return order.state === "refunded" ? { state: "done" } : mintedWhenFinal(ctx, order, kept, mined);
  if (job.attempts >= ctx.maxAttempts) {
    await refund(ctx, order.id, toMint, `${listOf(toMint)} could not be minted after ${job.attempts} tries: refunded`);
    order = await loadOrder(ctx, order.id);
    if (order.state === "refunded") return { state: "failed", lastError: job.lastError };
    // The rest is minted: the order is, once that is final (the job looks again until then).
    const rest = kept.filter((id) => !toMint.includes(id));
    const outcome = rest.length === 0 ? undefined : await mintedWhenFinal(ctx, order, rest, mined);
    return outcome === undefined || outcome.state === "done" ? { state: "failed", lastError: job.lastError } : outcome;
  }
  const data = encodeFunctionData({ abi: pixlingsAbi, functionName: "mintToCustody", args: [ctx.chain.custody.address, toMint.map(BigInt)] });
  const replacing = before.mined === "resign" ? before.replacing : undefined;
  let hash: Hash;
  try {
    ({ hash } = await sendJobTransaction(ctx.db, ctx.chain, { lease, from: ctx.chain.minter, data, replacing }));
  } catch (error) {
    // Refused before it left (a revert in the estimate: paused, a role gone, no gas) or the RPC away.
    return { state: "queued", retryInMs: retryDelayMs(ctx.retryMs, job.attempts + 1), lastError: revertReason(error), failedTry: true };
  }
  const receipt = await awaitReceipt(ctx.chain.client, hash, RECEIPT_WAIT_MS);
  if (!receipt) return { state: "sent", retryInMs: 1_000 };
  if (receipt.status === "success") {
    await showMintTx(ctx, order, hash);
    return mintedWhenFinal(ctx, order, kept, { hash, blockNumber: receipt.blockNumber });
  }
  return { state: "queued", retryInMs: retryDelayMs(ctx.retryMs, job.attempts + 1), lastError: `mintToCustody reverted (${hash})` };
}

/** Runs a mint job and records the outcome, giving up the lease. */
export async function mintJob(ctx: FulfilmentContext, job: OrderJob, lease: Lease): Promise<void> {
  await releaseJob(ctx.db, lease, await runMintJob(ctx, job, lease));
}
