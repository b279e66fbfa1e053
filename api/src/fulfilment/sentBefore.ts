import type { Hash, Hex, LocalAccount } from "viem";
import { sendRawTransaction } from "viem/actions";
import type { CustodyChain } from "./custodyChain.ts";
import type { OrderJob } from "./orderJobRow.ts";

/** What became of the transaction a job sent before (by this or a crashed process). */
export type SentOutcome = { mined: "success" | "reverted"; hash: Hash } | { mined: "pending"; hash: Hash } | { mined: "dropped" };

/**
 * Looks up the job's last transaction: mined (success or reverted), still pending (broadcast again:
 * a node that lost it takes it back; same nonce, so it can never land twice), or dropped for good
 * (its nonce was used by another transaction: the job must check the chain and send anew).
 */
export async function sentBefore(chain: CustodyChain, job: OrderJob, from: LocalAccount, waitMs: number): Promise<SentOutcome> {
  if (!job.txHash || !job.rawTx || job.nonce === null) return { mined: "dropped" };
  const hash = job.txHash as Hash;
  const receipt = await chain.client.getTransactionReceipt({ hash }).catch(() => undefined);
  if (receipt) return { mined: receipt.status, hash };
  const confirmedNonce = await chain.client.getTransactionCount({ address: from.address, blockTag: "latest" });
  if (confirmedNonce > job.nonce) {
    // The nonce is used; ours may still have been the one (a receipt not yet served): look once more.
    const late = await chain.client.getTransactionReceipt({ hash }).catch(() => undefined);
    return late ? { mined: late.status, hash } : { mined: "dropped" };
  }
  await sendRawTransaction(chain.client, { serializedTransaction: job.rawTx as Hex }).catch(() => undefined);
  const mined = await chain.client.waitForTransactionReceipt({ hash, timeout: waitMs, pollingInterval: 100 }).catch(() => undefined);
  return mined ? { mined: mined.status, hash } : { mined: "pending", hash };
}
