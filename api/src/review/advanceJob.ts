import { and, eq } from "drizzle-orm";
import { BaseError, bytesToHex, encodeFunctionData, type Hash, type Hex } from "viem";
import { prepareTransactionRequest } from "viem/actions";
import { encodePiece, type Art } from "@pixlings/shared/art/codec";
import { pixlingsAbi } from "@pixlings/shared/contract";
import { signWithKeyNonce } from "../chains/signWithKeyNonce.ts";
import { checkStoredTransaction, feesAbove, rpcAway } from "../chains/storedTransaction.ts";
import type { Db } from "../db/openDatabase.ts";
import { replacementJobs } from "../db/tables/artReplacements.ts";
import { sameArt } from "../artwork/storedArt.ts";
import { retryDelayMs } from "../fulfilment/fulfilmentContext.ts";
import { revertErrorName } from "../fulfilment/revertReason.ts";
import type { ArtAdmin, ArtAdminChain } from "./artAdminClients.ts";
import { chainArtOf } from "./chainArt.ts";
import type { JobRow } from "./replacementView.ts";

/** The contract's refusals no later try can change: the Pix is minted (its art frozen), or the art is not a piece. */
const FINAL_REVERTS: ReadonlySet<string> = new Set(["ArtFrozen", "InvalidArt"]);

export interface JobContext {
  db: Db;
  artAdmin: ArtAdmin;
  tokenId: number;
  /** The art to write (the replacement's). */
  art: Art;
}

type JobChanges = Partial<typeof replacementJobs.$inferInsert>;

/** A short reason for the admin: no RPC URL (it may hold a key), no stack. */
function reasonOf(error: unknown, chain: ArtAdminChain["chain"]): string {
  if (rpcAway(error)) return `${chain.name}'s RPC is not answering`;
  const reverted = revertErrorName(error);
  if (reverted === "ArtFrozen") return `Pix is minted on ${chain.name}: its art is frozen there`;
  if (reverted) return `${chain.name}: replaceArt reverted: ${reverted}`;
  const text = error instanceof BaseError ? error.shortMessage : error instanceof Error ? error.message : String(error);
  return `${chain.name}: ${text.split("\n")[0]!.replaceAll(chain.rpcUrl, "<rpc>").slice(0, 200)}`;
}

/**
 * Writes `changes` only if the job is still as this step read it (same state, same last update):
 * another process's step, or the admin's retry, in between makes it a no-op.
 */
async function setJob(db: Db, job: JobRow, changes: JobChanges): Promise<boolean> {
  const rows = await db
    .update(replacementJobs)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(replacementJobs.id, job.id), eq(replacementJobs.state, job.state), eq(replacementJobs.updatedAt, job.updatedAt)))
    .returning({ id: replacementJobs.id });
  return rows.length > 0;
}

/** The changes that count one failed try: retried after a backoff, or failed once the tries are used up (the admin's retry starts them anew). */
function failedTry(ctx: JobContext, job: JobRow, reason: string, final = false): JobChanges {
  const attempts = job.attempts + 1;
  if (final || attempts >= ctx.artAdmin.retry.maxAttempts) {
    return { state: "failed", error: final ? reason : `${reason} (${attempts} tries)`, attempts: 0, runAfter: new Date() };
  }
  return { error: reason, attempts, runAfter: new Date(Date.now() + retryDelayMs(ctx.artAdmin.retry.retryMs, attempts)) };
}

/** The receipt of any transaction signed for this job (one nonce: at most one can have mined). */
async function minedReceipt(c: ArtAdminChain, hashes: readonly string[]): Promise<{ hash: Hash; success: boolean } | undefined> {
  for (const hash of [...hashes].reverse()) {
    const receipt = await c.publicClient.getTransactionReceipt({ hash: hash as Hash }).catch((error: unknown) => {
      if (error instanceof BaseError && error.name === "TransactionReceiptNotFoundError") return undefined;
      throw error;
    });
    if (receipt) return { hash: hash as Hash, success: receipt.status === "success" };
  }
  return undefined;
}

const usedNonces = (ctx: JobContext, c: ArtAdminChain): Promise<number> =>
  c.publicClient.getTransactionCount({ address: ctx.artAdmin.account.address, blockTag: "latest" });

const artIsThere = async (ctx: JobContext, c: ArtAdminChain): Promise<boolean> => sameArt(await chainArtOf(c.publicClient, c.chain, ctx.tokenId), ctx.art);

/**
 * Signs `replaceArt(tokenId, art)` and stores the signed transaction (state `sent`, its hash and
 * nonce) BEFORE broadcasting it, so a crash after this never leads to a second, different
 * transaction: the stored one is re-broadcast. The nonce is the key's next one, shared by every API
 * process (`signWithKeyNonce`), or the one the job holds (fees raised), so at most one of its
 * transactions can ever mine. Answers the signed transaction, or undefined when the job is no longer
 * as `job` says (another worker got there first: nothing is taken or broadcast).
 */
export async function signAndStore(ctx: JobContext, c: ArtAdminChain, job: JobRow): Promise<Hex | undefined> {
  const { account } = ctx.artAdmin;
  const data = encodeFunctionData({ abi: pixlingsAbi, functionName: "replaceArt", args: [BigInt(ctx.tokenId), bytesToHex(encodePiece(ctx.art))] });
  // The nonce here is a placeholder: the gas estimate and fees do not depend on it.
  const request = await prepareTransactionRequest(c.publicClient, { account, chain: c.viemChain, to: c.chain.contract, data, nonce: 0 });
  // A replacement at the nonce the job holds must pay more than the transaction it replaces.
  const fees = feesAbove(request, job.nonce === null ? null : (job.rawTx as Hex | null));
  const signed = await signWithKeyNonce(ctx.db, {
    chainId: c.chain.chainId,
    address: account.address,
    client: c.publicClient,
    nonce: job.nonce,
    claim: async (tx) => {
      const [still] = await tx
        .select({ id: replacementJobs.id })
        .from(replacementJobs)
        .where(and(eq(replacementJobs.id, job.id), eq(replacementJobs.state, "pending"), eq(replacementJobs.updatedAt, job.updatedAt)))
        .for("update");
      return still !== undefined;
    },
    sign: (nonce) => account.signTransaction({ ...request, ...fees, nonce } as never),
    store: async (tx, { raw, hash, nonce }) => {
      const now = new Date();
      await tx
        .update(replacementJobs)
        .set({ state: "sent", rawTx: raw, txHash: hash, txHashes: [...job.txHashes, hash], nonce, sentAt: now, error: null, updatedAt: now })
        .where(eq(replacementJobs.id, job.id));
    },
  });
  return signed?.raw;
}

/** Broadcasts a stored transaction; "already known" and a used nonce are settled by the next check, not here. */
async function broadcast(c: ArtAdminChain, raw: Hex): Promise<void> {
  try {
    await c.publicClient.sendRawTransaction({ serializedTransaction: raw });
  } catch (error) {
    const text = error instanceof BaseError ? error.details + error.shortMessage : String(error);
    if (/already known|nonce too low|replacement transaction underpriced|known transaction/i.test(text)) return;
    throw error;
  }
}

/**
 * A pending job. Its nonce spent (a transaction of it mined, or another took the nonce): the
 * chain's art decides (there: confirmed; else signed anew with a new nonce). A nonce it holds that
 * is still unused is re-signed at that nonce (fees raised), never left as a gap, even when the art
 * is already there. Without one: the chain's current art first (never send what is already there),
 * then sign, store, broadcast.
 */
async function advancePending(ctx: JobContext, c: ArtAdminChain, job: JobRow): Promise<void> {
  let fresh = job;
  if (job.txHashes.length > 0) {
    const mined = await minedReceipt(c, job.txHashes);
    const used = await usedNonces(ctx, c);
    if (mined || (job.nonce !== null && used > job.nonce)) {
      if (await artIsThere(ctx, c)) {
        await setJob(ctx.db, job, { state: "confirmed", error: null, ...(mined?.success ? { txHash: mined.hash } : {}) });
        return;
      }
      fresh = { ...job, nonce: null, txHashes: [] };
    }
  }
  // (A job whose spent nonce was just judged by the art needs no second look.)
  if (fresh === job && job.nonce === null && (await artIsThere(ctx, c))) {
    await setJob(ctx.db, job, { state: "confirmed", error: null });
    return;
  }
  const raw = await signAndStore(ctx, c, fresh);
  if (raw) await broadcast(c, raw);
}

/**
 * A sent job, as the chain shows its stored transaction (`checkStoredTransaction`, as order jobs
 * do): mined (confirmed when the chain shows the art; a revert is a failed try, signed anew next
 * time); its nonce used by a transaction none of ours (the art decides); refused as signed, under a
 * risen base fee, or stuck (signed again at its nonce with higher fees: a try); stranded above
 * nonces no live job holds (signed anew with a new nonce, which fills them); else still waiting.
 */
async function advanceSent(ctx: JobContext, c: ArtAdminChain, job: JobRow): Promise<void> {
  if (!job.rawTx || !job.txHash || job.nonce === null) {
    await setJob(ctx.db, job, { state: "pending", nonce: null, rawTx: null, txHashes: [] });
    return;
  }
  const outcome = await checkStoredTransaction(ctx.db, {
    client: c.publicClient,
    chainId: c.chain.chainId,
    from: ctx.artAdmin.account.address,
    stored: { raw: job.rawTx as Hex, hash: job.txHash as Hash, nonce: job.nonce, hashes: job.txHashes as Hash[], sentAt: job.sentAt },
    rpcUrl: c.chain.rpcUrl,
  });
  switch (outcome.kind) {
    case "mined":
      if (!outcome.success) {
        const reverted = `${c.chain.name}: replaceArt reverted (transaction ${outcome.hash})`;
        await setJob(ctx.db, job, { state: "pending", nonce: null, rawTx: null, txHashes: [], txHash: outcome.hash, ...failedTry(ctx, job, reverted) });
      } else if (await artIsThere(ctx, c)) {
        await setJob(ctx.db, job, { state: "confirmed", txHash: outcome.hash, error: null });
      } else {
        // Mined, but the chain shows other art since: write it again.
        await setJob(ctx.db, job, { state: "pending", nonce: null, rawTx: null, txHashes: [] });
      }
      return;
    case "nonce used":
      // Its nonce went to a transaction that is none of ours: the art decides; else sign anew.
      if (await artIsThere(ctx, c)) await setJob(ctx.db, job, { state: "confirmed", error: null });
      else await setJob(ctx.db, job, { state: "pending", nonce: null, rawTx: null, txHashes: [], error: null });
      return;
    case "resign":
      // The same bytes would be refused (or left waiting) on every try and hold the nonce: the next
      // step signs again at that nonce with current fees, above the old ones.
      await setJob(ctx.db, job, { state: "pending", ...failedTry(ctx, job, `${c.chain.name}: replaceArt ${outcome.reason} (signed again with higher fees)`) });
      return;
    case "stranded":
      await setJob(ctx.db, job, { state: "pending", nonce: null, rawTx: null, txHashes: [] });
      return;
    case "waiting":
      return;
  }
}

/**
 * One step of one chain's job, unless it waits for its next try. A step that fails (the RPC away, a
 * refused send) is retried after a backoff, up to the retry policy's tries; then, or at once when the
 * contract refuses for good (the Pix minted), the job fails with a reason the admin can read (retry
 * resumes it from what the chain says).
 */
export async function advanceJob(ctx: JobContext, job: JobRow): Promise<void> {
  const c = ctx.artAdmin.chains.get(job.chainId);
  if (!c) {
    await setJob(ctx.db, job, { state: "failed", error: `Chain ${job.chainId} is no longer on sale here` });
    return;
  }
  if (job.runAfter.getTime() > Date.now()) return;
  try {
    if (job.state === "pending") await advancePending(ctx, c, job);
    else if (job.state === "sent") await advanceSent(ctx, c, job);
  } catch (error) {
    const reverted = revertErrorName(error);
    await setJob(ctx.db, job, failedTry(ctx, job, reasonOf(error, c.chain), reverted !== undefined && FINAL_REVERTS.has(reverted)));
  }
}
