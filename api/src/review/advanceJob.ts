import { and, eq } from "drizzle-orm";
import { BaseError, bytesToHex, encodeFunctionData, keccak256, type Hash, type Hex } from "viem";
import { encodePiece, type Art } from "@pixlings/shared/art/codec";
import { pixlingsAbi } from "@pixlings/shared/contract";
import type { ChainJobState } from "@pixlings/shared/http/submissions";
import type { Db } from "../db/openDatabase.ts";
import { replacementJobs } from "../db/schema.ts";
import { sameArt } from "../artwork/storedArt.ts";
import type { ArtAdmin, ArtAdminChain } from "./artAdminClients.ts";
import { chainArtOf } from "./chainArt.ts";
import type { JobRow } from "./replacementView.ts";

/** A sent transaction neither mined nor dropped for this long fails (the admin retries: same nonce, higher fees). */
const STUCK_AFTER_MS = 120_000;

export interface JobContext {
  db: Db;
  artAdmin: ArtAdmin;
  tokenId: number;
  /** The art to write (the replacement's). */
  art: Art;
}

/** A short reason for the admin: no RPC URL (it may hold a key), no stack. */
function reasonOf(error: unknown, chain: ArtAdminChain["chain"]): string {
  const text = error instanceof BaseError ? error.shortMessage : error instanceof Error ? error.message : String(error);
  if (/HTTP request failed|fetch failed|ECONNREFUSED|timed out|took too long|socket/i.test(text)) return `${chain.name}'s RPC is not answering`;
  const revert = /reverted with the following reason:\s*(.+)|Error: (\w+)\(/.exec(text);
  if (/ArtFrozen|TokenNotMinted|already minted/i.test(text)) return `Pix is minted on ${chain.name}: its art is frozen there`;
  return `${chain.name}: ${(revert?.[1] ?? revert?.[2] ?? text).split("\n")[0]!.replaceAll(chain.rpcUrl, "<rpc>").slice(0, 200)}`;
}

async function setJob(db: Db, job: JobRow, from: ChainJobState, changes: Partial<typeof replacementJobs.$inferInsert>): Promise<boolean> {
  const rows = await db
    .update(replacementJobs)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(replacementJobs.id, job.id), eq(replacementJobs.state, from)))
    .returning({ id: replacementJobs.id });
  return rows.length > 0;
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

/**
 * Signs `replaceArt(tokenId, art)` and stores the signed transaction (state `sent`, its hash and
 * nonce) BEFORE broadcasting it, so a crash after this never leads to a second, different
 * transaction: the stored one is re-broadcast. A job that had a nonce keeps it (fees raised), so
 * at most one of its transactions can ever mine. Answers the signed transaction, or undefined
 * when another worker got there first (then nothing is broadcast).
 */
export async function signAndStore(ctx: JobContext, c: ArtAdminChain, job: JobRow): Promise<Hex | undefined> {
  const { walletClient, publicClient, chain } = c;
  const account = ctx.artAdmin.account;
  const nonce = job.nonce ?? (await publicClient.getTransactionCount({ address: account.address, blockTag: "pending" }));
  const data = encodeFunctionData({ abi: pixlingsAbi, functionName: "replaceArt", args: [BigInt(ctx.tokenId), bytesToHex(encodePiece(ctx.art))] });
  const request = await walletClient.prepareTransactionRequest({ account, chain: walletClient.chain, to: chain.contract, data, nonce });
  // A replacement of a stuck transaction must pay more than it did.
  const bump = (value: bigint | undefined): bigint | undefined =>
    value === undefined ? undefined : (value * 5n ** BigInt(job.txHashes.length)) / 4n ** BigInt(job.txHashes.length);
  const raw = await walletClient.signTransaction({
    ...request,
    maxFeePerGas: bump(request.maxFeePerGas),
    maxPriorityFeePerGas: bump(request.maxPriorityFeePerGas),
  } as never);
  const hash = keccak256(raw);
  const stored = await setJob(ctx.db, job, "pending", {
    state: "sent",
    rawTx: raw,
    txHash: hash,
    txHashes: [...job.txHashes, hash],
    nonce,
    sentAt: new Date(),
    error: null,
  });
  return stored ? raw : undefined;
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
 * A pending job: a nonce of it that is used up (its transaction mined, or another took the nonce)
 * is given up, and the chain's current art decides (never send what is already there); a nonce of
 * it still unused means one of its transactions may yet mine, so the art alone proves nothing (an
 * abandoned job's earlier transactions wrote the other art): it is replaced at that nonce. Then
 * sign, store, broadcast.
 */
async function advancePending(ctx: JobContext, c: ArtAdminChain, job: JobRow): Promise<void> {
  let fresh = job;
  let minedHash: Hash | undefined;
  if (job.nonce !== null && job.txHashes.length > 0) {
    const used = await c.publicClient.getTransactionCount({ address: ctx.artAdmin.account.address, blockTag: "latest" });
    if (used > job.nonce) {
      minedHash = (await minedReceipt(c, job.txHashes))?.hash;
      fresh = { ...job, nonce: null, txHashes: [] };
    }
  }
  if (fresh.nonce === null && sameArt(await chainArtOf(c.publicClient, c.chain, ctx.tokenId), ctx.art)) {
    await setJob(ctx.db, job, "pending", { state: "confirmed", ...(minedHash ? { txHash: minedHash } : {}), error: null });
    return;
  }
  const raw = await signAndStore(ctx, c, fresh);
  if (raw) await broadcast(c, raw);
}

/**
 * A sent job: mined (the chain's art then decides: confirmed, signed anew when the mined one wrote
 * other art, failed when it reverted), dropped (re-broadcast the same transaction), replaced by
 * another use of its nonce, or stuck.
 */
async function advanceSent(ctx: JobContext, c: ArtAdminChain, job: JobRow): Promise<void> {
  const mined = await minedReceipt(c, job.txHashes);
  if (mined) {
    // One nonce, several art: an abandoned job's earlier transaction may be the one that mined.
    const shown = sameArt(await chainArtOf(c.publicClient, c.chain, ctx.tokenId), ctx.art);
    await setJob(
      ctx.db,
      job,
      "sent",
      shown
        ? { state: "confirmed", txHash: mined.hash, error: null }
        : mined.success
          ? { state: "pending", nonce: null, rawTx: null, txHashes: [], error: null }
          : { state: "failed", txHash: mined.hash, error: `${c.chain.name}: replaceArt reverted (transaction ${mined.hash})` },
    );
    return;
  }
  const used = await c.publicClient.getTransactionCount({ address: ctx.artAdmin.account.address, blockTag: "latest" });
  if (job.nonce !== null && used > job.nonce) {
    // Its nonce went to a transaction that is none of ours: the art decides; else sign anew.
    if (sameArt(await chainArtOf(c.publicClient, c.chain, ctx.tokenId), ctx.art)) await setJob(ctx.db, job, "sent", { state: "confirmed", error: null });
    else await setJob(ctx.db, job, "sent", { state: "pending", nonce: null, rawTx: null, txHashes: [], error: null });
    return;
  }
  const known = await c.publicClient.getTransaction({ hash: job.txHash as Hash }).catch(() => undefined);
  if (!known && job.rawTx) {
    await broadcast(c, job.rawTx as Hex);
    return;
  }
  if (job.sentAt && Date.now() - job.sentAt.getTime() > STUCK_AFTER_MS) {
    await setJob(ctx.db, job, "sent", {
      state: "failed",
      error: `${c.chain.name}: not mined within ${STUCK_AFTER_MS / 1000} s (retry sends it again with higher fees)`,
    });
  }
}

/**
 * One step of one chain's job; a chain that does not answer, or refuses, fails the job with a
 * reason the admin can read (retry resumes it from what the chain says).
 */
export async function advanceJob(ctx: JobContext, job: JobRow): Promise<void> {
  const c = ctx.artAdmin.chains.get(job.chainId);
  if (!c) {
    await setJob(ctx.db, job, job.state, { state: "failed", error: `Chain ${job.chainId} is no longer on sale here` });
    return;
  }
  try {
    if (job.state === "pending") await advancePending(ctx, c, job);
    else if (job.state === "sent") await advanceSent(ctx, c, job);
  } catch (error) {
    await setJob(ctx.db, job, job.state, { state: "failed", error: reasonOf(error, c.chain) });
  }
}
