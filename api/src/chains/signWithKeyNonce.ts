import { sql } from "drizzle-orm";
import { keccak256, type Address, type Hash, type Hex, type PublicClient } from "viem";
import type { Db, DbTransaction } from "../db/openDatabase.ts";
import { keyNonces } from "../db/tables/orderJobs.ts";

/** A transaction signed for a job (and stored on it) before anything is broadcast. */
export interface SignedWithNonce {
  raw: Hex;
  hash: Hash;
  nonce: number;
}

/** One send of a job with one of the API's keys (order jobs' minter and custody, Approve & Replace's art admin). */
export interface KeyNonceSend {
  /** The key's chain and account: its nonces are shared by every API process through `key_nonces`. */
  chainId: number;
  address: Address;
  /** Where the key's pending transaction count is read (a transaction sent outside the API moves it on). */
  client: PublicClient;
  /** A nonce the job already holds (its stuck transaction replaced at that nonce); else the key's next one is taken. */
  nonce?: number | null;
  /** In the transaction, first: whether the job is still this run's to send. False, or a throw, takes and stores nothing. */
  claim(tx: DbTransaction): Promise<boolean>;
  /** Signs the job's call at `nonce`, locally (no chain is asked while the transaction is open). */
  sign(nonce: number): Promise<Hex>;
  /** In the same transaction: records the signed transaction on the job, so it is sent again, never anew. */
  store(tx: DbTransaction, signed: SignedWithNonce): Promise<void>;
}

/**
 * The key's nonce counter moved to at least past `nonce` or the chain's pending count; answers the
 * nonce to use: `pending` or the next after every nonce taken before, when none is held.
 */
async function takeNonce(tx: DbTransaction, key: string, held: number | null, pending: number): Promise<number> {
  const floor = held === null ? pending : held + 1;
  const next = held === null ? sql`greatest(${keyNonces.nextNonce}, ${floor}) + 1` : sql`greatest(${keyNonces.nextNonce}, ${floor})`;
  const [row] = await tx
    .insert(keyNonces)
    .values({ key, nextNonce: held === null ? pending + 1 : floor })
    .onConflictDoUpdate({ target: keyNonces.key, set: { nextNonce: next, updatedAt: sql`now()` } })
    .returning({ next: keyNonces.nextNonce });
  return held ?? row!.next - 1;
}

/**
 * Signs a job's transaction with its key's next nonce, shared by every API process, never holding a
 * database transaction open while a chain answers: the pending count is read first; then, in one
 * short transaction, the job is claimed (still this run's), the nonce taken (the row lock on the
 * key's counter orders concurrent takers), the transaction signed and stored on the job. A claim
 * refused, or any failure, rolls the nonce back with the rest: a nonce is taken only together with
 * a stored transaction that will be sent (again) until it mines, so it never stays a gap.
 * Undefined when the claim was refused; the caller broadcasts.
 */
export async function signWithKeyNonce(db: Db, send: KeyNonceSend): Promise<SignedWithNonce | undefined> {
  const held = send.nonce ?? null;
  const pending = held === null ? await send.client.getTransactionCount({ address: send.address, blockTag: "pending" }) : 0;
  return db.transaction(async (tx) => {
    if (!(await send.claim(tx))) return undefined;
    const nonce = await takeNonce(tx, `${send.chainId}:${send.address.toLowerCase()}`, held, pending);
    const raw = await send.sign(nonce);
    const signed = { raw, hash: keccak256(raw), nonce };
    await send.store(tx, signed);
    return signed;
  });
}
