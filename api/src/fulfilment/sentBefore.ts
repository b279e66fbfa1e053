import type { Hash, Hex, LocalAccount } from "viem";
import { awaitReceipt, checkStoredTransaction } from "../chains/storedTransaction.ts";
import type { Db } from "../db/openDatabase.ts";
import type { CustodyChain } from "./custodyChain.ts";
import type { OrderJob } from "./orderJobRow.ts";

/** What became of the transaction a job sent before (by this or a crashed process). */
export type SentOutcome =
  | { mined: "success" | "reverted"; hash: Hash; blockNumber: bigint }
  | { mined: "pending"; hash: Hash }
  | { mined: "dropped" }
  | { mined: "resign"; replacing: { nonce: number; raw: Hex }; reason: string };

/**
 * Looks up the job's last transaction (`checkStoredTransaction`, as Approve & Replace jobs do):
 * mined (success or reverted); still pending (in the node, or broadcast again: a node that lost it
 * takes it back; same nonce, so it can never land twice), waited for up to `waitMs`; to be signed
 * again at its nonce with higher fees (refused as signed, under a risen base fee, stuck); or dropped
 * for good (its nonce used by another transaction, or stranded above nonces no live job holds: the
 * job must check the chain and send anew).
 */
export async function sentBefore(db: Db, chain: CustodyChain, job: OrderJob, from: LocalAccount, waitMs: number): Promise<SentOutcome> {
  if (!job.txHash || !job.rawTx || job.nonce === null) return { mined: "dropped" };
  const hash = job.txHash as Hash;
  const raw = job.rawTx as Hex;
  const outcome = await checkStoredTransaction(db, {
    client: chain.client,
    chainId: chain.sale.chainId,
    from: from.address,
    stored: { raw, hash, nonce: job.nonce, hashes: [hash], sentAt: job.sentAt },
    rpcUrl: chain.sale.rpcUrl,
  });
  switch (outcome.kind) {
    case "mined":
      return { mined: outcome.success ? "success" : "reverted", hash: outcome.hash, blockNumber: outcome.blockNumber };
    case "nonce used":
    case "stranded":
      return { mined: "dropped" };
    case "resign":
      return { mined: "resign", replacing: { nonce: job.nonce, raw }, reason: outcome.reason };
    case "waiting": {
      const receipt = await awaitReceipt(chain.client, hash, waitMs);
      return receipt ? { mined: receipt.status, hash, blockNumber: receipt.blockNumber } : { mined: "pending", hash };
    }
  }
}
