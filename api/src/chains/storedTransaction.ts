import {
  BaseError,
  HttpRequestError,
  parseTransaction,
  TimeoutError,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
  type Address,
  type Hash,
  type Hex,
  type PublicClient,
  type TransactionReceipt,
} from "viem";
import type { Db } from "../db/openDatabase.ts";
import { heldNonces } from "./heldNonces.ts";

/** A pending transaction neither mined nor dropped for this long is signed again at its nonce with higher fees. */
const STUCK_AFTER_MS = 120_000;

/** A job's last signed transaction, as stored on it before it was broadcast. */
export interface StoredTransaction {
  raw: Hex;
  hash: Hash;
  nonce: number;
  /** Every hash signed at this nonce for the job, the latest last (at most one of them can mine). */
  hashes: readonly Hash[];
  /** When the latest was signed; null: unknown (never judged stuck by time, only by its fees). */
  sentAt: Date | null;
}

/**
 * What became of a stored transaction, from the chain: one of its hashes mined; its nonce used by a
 * transaction none of ours (the job checks the chain and sends anew); still waiting in the node;
 * to be signed again at its nonce with higher fees (the chain refuses it as signed, it sits under a
 * risen base fee, or it is stuck); or stranded above nonces no live job holds (it can never mine
 * until they are filled: the job takes a new nonce, which fills them).
 */
export type StoredOutcome =
  | { kind: "mined"; hash: Hash; success: boolean; blockNumber: bigint }
  | { kind: "nonce used" }
  | { kind: "waiting" }
  | { kind: "resign"; reason: string }
  | { kind: "stranded" };

const isMissing = (error: unknown): boolean => error instanceof TransactionReceiptNotFoundError || error instanceof TransactionNotFoundError;

/** Whether the RPC itself did not answer (nothing can be decided from that). */
export const rpcAway = (error: unknown): boolean =>
  error instanceof BaseError && error.walk((e) => e instanceof HttpRequestError || e instanceof TimeoutError) !== null;

async function receiptOf(client: PublicClient, hash: Hash): Promise<TransactionReceipt | undefined> {
  try {
    return await client.getTransactionReceipt({ hash });
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

async function minedOf(client: PublicClient, hashes: readonly Hash[]): Promise<StoredOutcome | undefined> {
  for (const hash of [...hashes].reverse()) {
    const receipt = await receiptOf(client, hash);
    if (receipt) return { kind: "mined", hash, success: receipt.status === "success", blockNumber: receipt.blockNumber };
  }
  return undefined;
}

/** The most the transaction pays per gas (its fee cap, or a legacy gas price). */
function feeCapOf(raw: Hex): bigint | undefined {
  const tx = parseTransaction(raw);
  return tx.maxFeePerGas ?? tx.gasPrice;
}

/** The node's words for a transaction it already has, or whose nonce is already used: the next check settles it. */
const SETTLED_LATER = /already known|known transaction|nonce too low/i;

/** The first line of what the chain said, without the RPC's URL (it may hold a key). */
const chainSaid = (error: unknown, rpcUrl: string | undefined): string => {
  const text = error instanceof BaseError ? `${error.shortMessage}${error.details ? `: ${error.details}` : ""}` : String(error);
  const line = text.split("\n")[0]!;
  return (rpcUrl ? line.replaceAll(rpcUrl, "<rpc>") : line).slice(0, 200);
};

/**
 * Checks a job's stored transaction against the chain, the same way for order jobs and Approve &
 * Replace jobs: a receipt of any of its hashes; else its nonce used by another transaction; else,
 * in the node's pool, whether it can still mine as signed (its fee cap at least the latest base
 * fee, not waiting longer than `STUCK_AFTER_MS`, not above a gap no live job holds); else, not in
 * the pool, it is broadcast again, and a refusal (fees under the base fee now, an underpriced
 * replacement) means it must be signed again at its nonce. An RPC that does not answer throws.
 */
export async function checkStoredTransaction(
  db: Db,
  p: { client: PublicClient; chainId: number; from: Address; stored: StoredTransaction; rpcUrl?: string },
): Promise<StoredOutcome> {
  const { client, stored } = p;
  const mined = await minedOf(client, stored.hashes);
  if (mined) return mined;
  if ((await client.getTransactionCount({ address: p.from, blockTag: "latest" })) > stored.nonce) {
    // The nonce is used; ours may still have been the one (a receipt not yet served): look once more.
    return (await minedOf(client, stored.hashes)) ?? { kind: "nonce used" };
  }
  const known = await client.getTransaction({ hash: stored.hash }).catch((error: unknown) => {
    if (isMissing(error)) return undefined;
    throw error;
  });
  if (!known) {
    try {
      await client.sendRawTransaction({ serializedTransaction: stored.raw });
    } catch (error) {
      if (rpcAway(error)) throw error;
      const said = chainSaid(error, p.rpcUrl);
      if (!SETTLED_LATER.test(said)) return { kind: "resign", reason: `the chain refused it as signed (${said})` };
    }
    return { kind: "waiting" };
  }
  // Mined since the receipts were read: the next check finds its receipt.
  if (known.blockNumber !== null) return { kind: "waiting" };
  const baseFee = (await client.getBlock({ blockTag: "latest" })).baseFeePerGas;
  const cap = feeCapOf(stored.raw);
  if (baseFee != null && cap !== undefined && cap < baseFee) return { kind: "resign", reason: "its fees are under the chain's base fee now" };
  const pending = await client.getTransactionCount({ address: p.from, blockTag: "pending" });
  if (pending <= stored.nonce) {
    // Not executable: a nonce below it is missing. Stranded when no live job will fill the gap.
    const held = await heldNonces(db, { chainId: p.chainId, address: p.from }, pending);
    const gap = Array.from({ length: stored.nonce - pending }, (_, i) => pending + i);
    if (gap.some((nonce) => !held.includes(nonce))) return { kind: "stranded" };
  }
  if (stored.sentAt && Date.now() - stored.sentAt.getTime() > STUCK_AFTER_MS) {
    return { kind: "resign", reason: `not mined within ${STUCK_AFTER_MS / 1000} s` };
  }
  return { kind: "waiting" };
}

/** A transaction's fee fields (EIP-1559 or legacy), as viem prepares them. */
export interface Fees {
  maxFeePerGas?: bigint | undefined;
  maxPriorityFeePerGas?: bigint | undefined;
  gasPrice?: bigint | undefined;
}

/** `value` raised by a quarter (rounded up): a node takes a replacement at the same nonce only above +10% of both fees. */
const aQuarterMore = (value: bigint | undefined): bigint | undefined => (value === undefined ? undefined : (value * 5n + 3n) / 4n);
const atLeast = (value: bigint | undefined, floor: bigint | undefined): bigint | undefined =>
  value === undefined || floor === undefined || value > floor ? value : floor;

/**
 * The fees for a transaction signed again at the nonce of `previous`: the chain's current estimate
 * (`fees`), and at least a quarter above what `previous` offered, so the node takes it in place of
 * the old one. Without a previous transaction: the estimate. Only the fee fields.
 */
export function feesAbove(fees: Fees, previous: Hex | null | undefined): Fees {
  const old: Fees = previous ? parseTransaction(previous) : {};
  const out: Fees = {};
  if (fees.maxFeePerGas !== undefined) out.maxFeePerGas = atLeast(fees.maxFeePerGas, aQuarterMore(old.maxFeePerGas));
  if (fees.maxPriorityFeePerGas !== undefined) out.maxPriorityFeePerGas = atLeast(fees.maxPriorityFeePerGas, aQuarterMore(old.maxPriorityFeePerGas));
  if (fees.gasPrice !== undefined) out.gasPrice = atLeast(fees.gasPrice, aQuarterMore(old.gasPrice));
  return out;
}

/** How often a wait looks at the chain's head (one request for every wait on the same client: viem's cache). */
const HEAD_POLL_MS = 100;
/** How often a wait asks whether the node still knows the transaction. */
const KNOWN_CHECK_MS = 1_000;

const headOf = (client: PublicClient): Promise<bigint | undefined> => client.getBlockNumber({ cacheTime: HEAD_POLL_MS }).catch(() => undefined);

/**
 * The receipt of `hash` within `timeoutMs`, or undefined: at the timeout, or as soon as the node no
 * longer knows the transaction (dropped, refused under a risen base fee): the job's next run then
 * decides what to do, instead of waiting for a receipt that cannot come. The receipt is asked for
 * again only once the chain has a new block: every job waiting on a client shares one head request
 * a tick, where each used to ask for its receipt ten times a second (a drop's 16 waiting mints
 * were 160 requests a second to the node, and the worker's CPU).
 */
export async function awaitReceipt(client: PublicClient, hash: Hash, timeoutMs: number): Promise<TransactionReceipt | undefined> {
  const deadline = Date.now() + timeoutMs;
  let knownCheckedAt = Date.now();
  let head = await headOf(client);
  for (;;) {
    const receipt = await receiptOf(client, hash).catch(() => undefined);
    if (receipt) return receipt;
    for (;;) {
      if (Date.now() > deadline) return undefined;
      if (Date.now() - knownCheckedAt >= KNOWN_CHECK_MS) {
        knownCheckedAt = Date.now();
        if ((await client.getTransaction({ hash }).catch((error: unknown) => (isMissing(error) ? null : undefined))) === null) return undefined;
      }
      await new Promise((resolve) => setTimeout(resolve, HEAD_POLL_MS));
      const now = await headOf(client);
      // A new block, or a head that cannot be read: ask for the receipt (as every tick did before).
      if (now === undefined || head === undefined || now > head) {
        head = now;
        break;
      }
    }
  }
}
