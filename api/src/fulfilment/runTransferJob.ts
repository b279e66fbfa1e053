import { encodeFunctionData, isAddressEqual, type Address, type Hash } from "viem";
import { pixlingsAbi } from "@pixlings/shared/contract";
import type { OrderJob } from "./orderJobRow.ts";
import { type FulfilmentContext, RECEIPT_WAIT_MS, retryDelayMs } from "./fulfilmentContext.ts";
import { type JobOutcome, type Lease, releaseJob } from "./jobLease.ts";
import { ownersOnChain } from "../chains/ownersOnChain.ts";
import { custodyStatusOf } from "../sale/custodyStatus.ts";
import { revertReason } from "./revertReason.ts";
import { awaitReceipt } from "../chains/storedTransaction.ts";
import { buyerOrderStateOf } from "../sale/cardOrderRows.ts";
import { FINALITY_POLL_MS } from "./mintFinality.ts";
import { sendJobTransaction } from "./sendJobTransaction.ts";
import { sentBefore } from "./sentBefore.ts";

/**
 * One run of a Mint to Wallet: custody transfers the Pix to the buyer's wallet, once its custody
 * mint is final. The chain decides first: already there, done; no longer in custody, failed; else
 * (again) sent, at the nonce of a stored transaction that must be signed again.
 */
async function runTransferJob(ctx: FulfilmentContext, job: OrderJob, lease: Lease): Promise<JobOutcome> {
  const tokenId = job.tokenId!;
  const to = job.toAddress as Address;
  const { custody } = ctx.chain;
  const before = await sentBefore(ctx.db, ctx.chain, job, custody, RECEIPT_WAIT_MS);
  if (before.mined === "pending") return { state: "sent", retryInMs: 1_000 };
  if (before.mined !== "success") {
    // Only once its custody mint is final: a reorg could still drop it, and a transfer out meanwhile
    // would show the mint job the Pix owned by someone else (which it refunds).
    const order = await buyerOrderStateOf(ctx.db, tokenId);
    if (order === undefined) return { state: "failed", lastError: `Pix #${tokenId} is not held for a card or freemint order` };
    if (order !== "minted") return { state: "queued", retryInMs: FINALITY_POLL_MS };
  }
  const owner = (await ownersOnChain(ctx.chain, [tokenId])).get(tokenId);
  if (owner && isAddressEqual(owner, to)) {
    ctx.onChanged();
    return { state: "done", lastError: null };
  }
  if (!owner || !isAddressEqual(owner, custody.address)) return { state: "failed", lastError: `Pix #${tokenId} is not in custody (owner ${owner ?? "none"})` };
  if (job.attempts >= ctx.maxAttempts) return { state: "failed", lastError: job.lastError ?? "too many attempts" };
  // A dispute or a refund may have frozen the order since the transfer was asked for.
  const frozen = (await custodyStatusOf(ctx.db, [tokenId], 0)).get(tokenId)?.frozen;
  if (frozen) return { state: "failed", lastError: frozen.reason };
  const data = encodeFunctionData({ abi: pixlingsAbi, functionName: "transferFrom", args: [custody.address, to, BigInt(tokenId)] });
  let hash: Hash;
  try {
    const replacing = before.mined === "resign" ? before.replacing : undefined;
    ({ hash } = await sendJobTransaction(ctx.db, ctx.chain, { lease, from: custody, data, replacing }));
  } catch (error) {
    return { state: "queued", retryInMs: retryDelayMs(ctx.retryMs, job.attempts + 1), lastError: revertReason(error), failedTry: true };
  }
  const receipt = await awaitReceipt(ctx.chain.client, hash, RECEIPT_WAIT_MS);
  if (!receipt) return { state: "sent", retryInMs: 1_000 };
  if (receipt.status === "reverted")
    return { state: "queued", retryInMs: retryDelayMs(ctx.retryMs, job.attempts + 1), lastError: `transferFrom reverted (${hash})` };
  ctx.onChanged();
  return { state: "done", lastError: null };
}

/** Runs a transfer job and records the outcome, giving up the lease. */
export async function transferJob(ctx: FulfilmentContext, job: OrderJob, lease: Lease): Promise<void> {
  await releaseJob(ctx.db, lease, await runTransferJob(ctx, job, lease));
}
