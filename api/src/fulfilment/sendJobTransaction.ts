import { sql } from "drizzle-orm";
import { keccak256, type Hash, type Hex, type LocalAccount } from "viem";
import { sendRawTransaction } from "viem/actions";
import type { Db } from "../db/openDatabase.ts";
import { keyNonces, orderJobs } from "../db/schema.ts";
import type { CustodyChain } from "./custodyChain.ts";
import { extendLease, type Lease } from "./jobLease.ts";

export interface JobSend {
  lease: Lease;
  from: LocalAccount;
  data: Hex;
}

/**
 * The key's next nonce, shared by every API process: at least the chain's pending count (a
 * transaction sent outside the API moves it on), and past every nonce taken here before.
 */
async function takeNonce(tx: Parameters<Parameters<Db["transaction"]>[0]>[0], chain: CustodyChain, from: LocalAccount, pending: number): Promise<number> {
  const key = `${chain.sale.chainId}:${from.address.toLowerCase()}`;
  const [row] = await tx
    .insert(keyNonces)
    .values({ key, nextNonce: pending + 1 })
    .onConflictDoUpdate({ target: keyNonces.key, set: { nextNonce: sql`greatest(${keyNonces.nextNonce}, ${pending}) + 1`, updatedAt: sql`now()` } })
    .returning({ next: keyNonces.nextNonce });
  return row!.next - 1;
}

/**
 * Sends one transaction for a job with the key's own nonce handling, never holding a database
 * transaction open while a chain answers: the call is prepared first (its gas estimate fails on a
 * revert: nothing is taken or sent); then, in one short transaction, the lease is checked, the next
 * nonce taken and the transaction signed (locally) and stored on the job (nonce, hash, bytes);
 * only then is it broadcast. A failed broadcast changes nothing: the job's next run finds the stored
 * transaction pending and sends the same bytes again, so its nonce is never left as a gap.
 */
export async function sendJobTransaction(db: Db, chain: CustodyChain, send: JobSend): Promise<{ hash: Hash; nonce: number }> {
  const wallet = chain.walletOf(send.from);
  // The nonce here is a placeholder: the gas estimate and fees do not depend on it.
  const request = await wallet.prepareTransactionRequest({ to: chain.contract, data: send.data, nonce: 0 });
  const pending = await chain.client.getTransactionCount({ address: send.from.address, blockTag: "pending" });
  const signed = await db.transaction(async (tx) => {
    await extendLease(tx, send.lease);
    const nonce = await takeNonce(tx, chain, send.from, pending);
    const raw = await wallet.signTransaction({ ...request, nonce });
    const hash = keccak256(raw);
    await tx
      .update(orderJobs)
      .set({ state: "sent", nonce, txHash: hash, rawTx: raw, attempts: sql`${orderJobs.attempts} + 1`, updatedAt: sql`now()` })
      .where(sql`${orderJobs.id} = ${send.lease.jobId}`);
    return { raw, hash, nonce };
  });
  // Already known, nonce too low (it was mined), the RPC away: the stored transaction is the truth.
  await sendRawTransaction(chain.client, { serializedTransaction: signed.raw }).catch(() => undefined);
  return { hash: signed.hash, nonce: signed.nonce };
}
