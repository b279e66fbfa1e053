import { sql } from "drizzle-orm";
import { keccak256, type Hash, type Hex, type LocalAccount } from "viem";
import { sendRawTransaction } from "viem/actions";
import type { Db } from "../db/openDatabase.ts";
import { custodyJobs } from "../db/schema.ts";
import type { CustodyChain } from "./custodyChain.ts";
import { extendLease } from "./jobLease.ts";

/** Serializes the sends of one key across API processes: each takes the next nonce in turn. */
const SENDER_LOCK = 0x637573;

export interface JobSend {
  jobId: number;
  workerId: string;
  leaseMs: number;
  from: LocalAccount;
  data: Hex;
}

/**
 * Sends one transaction for a job with the key's own nonce handling: under a lock per key (shared
 * by every API process through the database), the next pending nonce is taken, the transaction
 * prepared (its gas estimate fails on a revert, and nothing is sent) and signed, and its nonce, hash
 * and signed bytes are stored on the job before it is broadcast, all in one transaction. A crash
 * after the broadcast but before the commit leaves the job as it was: the next run reads the chain
 * first (what was minted is not minted again; the contract mints an id once anyway).
 */
export async function sendJobTransaction(db: Db, chain: CustodyChain, send: JobSend): Promise<{ hash: Hash; nonce: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SENDER_LOCK}, hashtext(${send.from.address.toLowerCase()}))`);
    // Still ours? A worker that lost its lease must not send.
    await extendLease(tx, send.jobId, send.workerId, send.leaseMs);
    const nonce = await chain.client.getTransactionCount({ address: send.from.address, blockTag: "pending" });
    const wallet = chain.walletOf(send.from);
    const request = await wallet.prepareTransactionRequest({ to: chain.contract, data: send.data, nonce });
    const raw = await wallet.signTransaction(request);
    const hash = keccak256(raw);
    await tx
      .update(custodyJobs)
      .set({ state: "sent", nonce, txHash: hash, rawTx: raw, attempts: sql`${custodyJobs.attempts} + 1`, updatedAt: sql`now()` })
      .where(sql`${custodyJobs.id} = ${send.jobId}`);
    await sendRawTransaction(chain.client, { serializedTransaction: raw });
    return { hash, nonce };
  });
}
