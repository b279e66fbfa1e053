import { eq, sql } from "drizzle-orm";
import type { Hash, Hex, LocalAccount } from "viem";
import { sendRawTransaction } from "viem/actions";
import { signWithKeyNonce } from "../chains/signWithKeyNonce.ts";
import { feesAbove } from "../chains/storedTransaction.ts";
import type { Db } from "../db/openDatabase.ts";
import { orderJobs } from "../db/tables/orderJobs.ts";
import type { CustodyChain } from "./custodyChain.ts";
import { extendLease, type Lease } from "./jobLease.ts";

export interface JobSend {
  lease: Lease;
  from: LocalAccount;
  data: Hex;
  /**
   * The job's stored transaction that must be replaced at its nonce (refused as signed, under a
   * risen base fee, stuck): signed again at that nonce with fees above it. Else the key's next nonce.
   */
  replacing?: { nonce: number; raw: Hex };
}

/**
 * Sends one transaction for a job with the key's own nonce handling, never holding a database
 * transaction open while a chain answers: the call is prepared first (its gas estimate fails on a
 * revert: nothing is taken or sent); then, in one short transaction, the lease is checked, the key's
 * next nonce taken (shared with every process and with Approve & Replace: `signWithKeyNonce`), or
 * the nonce of the transaction it replaces kept, and the transaction signed (locally) and stored on
 * the job (nonce, hash, bytes, when); only then is it broadcast. A failed broadcast changes nothing:
 * the job's next run finds the stored transaction and sends the same bytes again (or, refused,
 * signs it again at that nonce), so its nonce is never left as a gap.
 */
export async function sendJobTransaction(db: Db, chain: CustodyChain, send: JobSend): Promise<{ hash: Hash; nonce: number }> {
  const wallet = chain.walletOf(send.from);
  // The nonce here is a placeholder: the gas estimate and fees do not depend on it.
  const request = await wallet.prepareTransactionRequest({ to: chain.contract, data: send.data, nonce: 0 });
  // Replacing a transaction at its nonce: a node takes the new one only if it pays more.
  const signable = { ...request, ...feesAbove(request, send.replacing?.raw) } as typeof request;
  const signed = await signWithKeyNonce(db, {
    chainId: chain.sale.chainId,
    address: send.from.address,
    client: chain.client,
    nonce: send.replacing?.nonce ?? null,
    claim: async (tx) => {
      await extendLease(tx, send.lease);
      return true;
    },
    sign: (nonce) => wallet.signTransaction({ ...signable, nonce }),
    store: async (tx, { raw, hash, nonce }) => {
      await tx
        .update(orderJobs)
        .set({ state: "sent", nonce, txHash: hash, rawTx: raw, sentAt: sql`now()`, attempts: sql`${orderJobs.attempts} + 1`, updatedAt: sql`now()` })
        .where(eq(orderJobs.id, send.lease.jobId));
    },
  });
  // The claim throws LeaseLost rather than refusing: a signed transaction is always there.
  const { raw, hash, nonce } = signed!;
  // Already known, nonce too low (it was mined), the RPC away, refused: the stored transaction is the truth.
  await sendRawTransaction(chain.client, { serializedTransaction: raw }).catch(() => undefined);
  return { hash, nonce };
}
