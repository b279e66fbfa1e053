import { sql } from "drizzle-orm";
import { keccak256, type Address, type Hash, type Hex, type PublicClient } from "viem";
import type { Db, DbTransaction } from "../db/openDatabase.ts";
import { keyNonces } from "../db/tables/orderJobs.ts";
import { heldNonces, lowestFree } from "./heldNonces.ts";
import { type NonceHeal, recordNonceHeal } from "./nonceHeals.ts";
import { transactionSenders } from "./transactionSenders.ts";

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
  /** Signs the job's call at `nonce` with the key of `address`, locally (no chain is asked while the transaction is open). */
  sign(nonce: number): Promise<Hex>;
  /** In the same transaction: records the signed transaction on the job, so it is sent again, never anew. */
  store(tx: DbTransaction, signed: SignedWithNonce): Promise<void>;
}

/**
 * How many times a take below the counter looks at the chain again before it gives up healing for
 * this once (other processes taking nonces all the while): it then takes the counter, as before.
 */
const HEAL_LOOKS = 3;
/** Before looking again: a node a moment behind the one that mined the transaction catches up meanwhile. */
const LOOK_AGAIN_AFTER_MS = 250;

/** The key's counter, locked for this transaction (created at `pending` when the key is new). */
async function lockCounter(tx: DbTransaction, key: string, pending: number): Promise<number> {
  await tx.insert(keyNonces).values({ key, nextNonce: pending }).onConflictDoNothing();
  const [row] = await tx.select({ next: keyNonces.nextNonce }).from(keyNonces).where(sql`${keyNonces.key} = ${key}`).for("update");
  return row!.next;
}

async function setCounter(tx: DbTransaction, key: string, next: number): Promise<void> {
  await tx.update(keyNonces).set({ nextNonce: next, updatedAt: sql`now()` }).where(sql`${keyNonces.key} = ${key}`);
}

/** What a look below the counter saw: the heal waits for a second look, on a newer pending count, that sees the same. */
interface GapSeen {
  counter: number;
  held: number[];
}

const sameGap = (a: GapSeen | undefined, b: GapSeen): boolean => a !== undefined && a.counter === b.counter && a.held.join() === b.held.join();

type Take = { kind: "refused" } | { kind: "signed"; signed: SignedWithNonce; heal?: NonceHeal } | { kind: "look again"; gap: GapSeen };

/**
 * Signs a job's transaction with its key's next nonce, shared by every API process, never holding a
 * database transaction open while a chain answers: the pending count is read first; then, in one
 * short transaction, the job is claimed (still this run's), the key's counter locked (concurrent
 * takers wait in turn), the nonce chosen, the transaction signed and stored on the job. A claim
 * refused, or any failure, rolls the nonce back with the rest: a nonce is taken only together with
 * a stored transaction that will be sent (again) until it mines.
 *
 * The nonce is the lowest at or above the chain's pending count that no live job's stored
 * transaction holds (`heldNonces`). Below the counter that means a gap: the chain was started over,
 * or a transaction sent before was dropped and its job has ended. The counter then heals down to
 * the chain, but only once a second pending count, read after a first look saw the same counter and
 * the same held nonces, still shows the gap: a count read before another process's transaction was
 * broadcast (and then mined, its job done) never makes a nonce taken twice. Each heal is counted
 * and told (`nonceHeals.ts`). Undefined when the claim was refused; the caller broadcasts.
 */
export async function signWithKeyNonce(db: Db, send: KeyNonceSend): Promise<SignedWithNonce | undefined> {
  const key = `${send.chainId}:${send.address.toLowerCase()}`;
  const held = send.nonce ?? null;
  let gap: GapSeen | undefined;
  for (let look = 0; ; look++) {
    const pending = held === null ? await send.client.getTransactionCount({ address: send.address, blockTag: "pending" }) : 0;
    const take = await db.transaction(async (tx): Promise<Take> => {
      if (!(await send.claim(tx))) return { kind: "refused" };
      const counter = await lockCounter(tx, key, held ?? pending);
      let nonce: number;
      let heal: NonceHeal | undefined;
      if (held !== null) {
        nonce = held;
        if (counter < held + 1) await setCounter(tx, key, held + 1);
      } else {
        const holding = await heldNonces(tx, { chainId: send.chainId, address: send.address }, pending);
        const free = lowestFree(pending, holding);
        const seen = { counter, held: holding.filter((n) => n < counter) };
        if (free < counter && look < HEAL_LOOKS && !sameGap(gap, seen)) return { kind: "look again", gap: seen };
        nonce = free < counter && look >= HEAL_LOOKS ? lowestFree(counter, holding) : free;
        if (nonce < counter) heal = { chainId: send.chainId, address: send.address, counter, nonce, held: seen.held };
        await setCounter(tx, key, nonce + 1);
      }
      const raw = await send.sign(nonce);
      // The next send's look at the held nonces (heldNonces.ts) need not recover its sender.
      transactionSenders.signedBy(raw, send.address);
      const signed = { raw, hash: keccak256(raw), nonce };
      await send.store(tx, signed);
      return { kind: "signed", signed, heal };
    });
    if (take.kind === "refused") return undefined;
    if (take.kind === "signed") {
      if (take.heal) recordNonceHeal(take.heal);
      return take.signed;
    }
    gap = take.gap;
    await new Promise((resolve) => setTimeout(resolve, LOOK_AGAIN_AFTER_MS));
  }
}
