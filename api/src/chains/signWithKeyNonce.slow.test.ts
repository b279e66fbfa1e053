// The key nonce allocator against a real anvil chain, on PGlite and on Postgres 15: a counter left
// above the chain (the chain started over) heals down to it; a nonce a stored, still-unsent job
// transaction holds is never taken by another; a pending count read from a node a moment behind
// never makes a nonce taken twice; many takers at once get a nonce each, none skipped.
import assert from "node:assert/strict";
import { after, before, beforeEach, it } from "node:test";
import { eq } from "drizzle-orm";
import { createWalletClient, http, type Hash, type Hex, type PublicClient } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { pixChain } from "@pixlings/shared/chains";
import { DEV_KEYS } from "@pixlings/shared/devAccounts";
import { describeOnApiDatabases } from "@pixlings/test-kit/apiDatabase";
import { startOwnerChain, type OwnerChain } from "@pixlings/test-kit/ownerChain";
import type { Db } from "../db/openDatabase.ts";
import { keyNonces, orderJobs } from "../db/tables/orderJobs.ts";
import { nonceGapsHealed, onNonceHeal, type NonceHeal } from "./nonceHeals.ts";
import { signWithKeyNonce, type SignedWithNonce } from "./signWithKeyNonce.ts";

const key = privateKeyToAccount(DEV_KEYS.minter);
let chain: OwnerChain;
let nextToken = 1;

before(async () => {
  chain = await startOwnerChain(31337);
});
after(() => chain?.local.stop());

describeOnApiDatabases("signWithKeyNonce", (database) => {
  const db = (): Db => database().db;
  const client = (): PublicClient => chain.clients.publicClient;
  const wallet = () =>
    createWalletClient({
      account: key,
      chain: { ...pixChain(31337).chain, rpcUrls: { default: { http: [chain.local.url] } } },
      transport: http(chain.local.url),
    });
  const counterKey = `31337:${key.address.toLowerCase()}`;
  const count = (blockTag: "latest" | "pending" = "pending") => client().getTransactionCount({ address: key.address, blockTag });
  const heals: NonceHeal[] = [];
  let unsubscribe: () => void;

  /** A job of its own (a Mint to Wallet row): what the allocator's holders are made of. */
  const newJob = async (): Promise<number> => {
    const [job] = await db().insert(orderJobs).values({ kind: "transfer", tokenId: nextToken++, chainId: 31337 }).returning({ id: orderJobs.id });
    return job!.id;
  };
  /** Signs a self-transfer for `jobId` with the allocator (through `via`, the chain client it reads), stored on the job. */
  const take = async (jobId: number, via: PublicClient = client()): Promise<SignedWithNonce> => {
    const request = await wallet().prepareTransactionRequest({ to: key.address, value: 1n, nonce: 0 });
    const signed = await signWithKeyNonce(db(), {
      chainId: 31337,
      address: key.address,
      client: via,
      claim: async () => true,
      sign: (nonce) => wallet().signTransaction({ ...request, nonce }),
      store: async (tx, { raw, hash, nonce }) => {
        await tx.update(orderJobs).set({ state: "sent", nonce, txHash: hash, rawTx: raw }).where(eq(orderJobs.id, jobId));
      },
    });
    return signed ?? assert.fail("claim refused");
  };
  /** Sends a signed transaction and waits for it to mine (anvil mines it a moment after taking it). */
  const broadcast = async (raw: Hex): Promise<void> => {
    const hash: Hash = await client().sendRawTransaction({ serializedTransaction: raw });
    const receipt = await client().waitForTransactionReceipt({ hash });
    assert.equal(receipt.status, "success");
  };
  const done = (jobId: number) => db().update(orderJobs).set({ state: "done" }).where(eq(orderJobs.id, jobId));
  const setCounter = (next: number) =>
    db()
      .insert(keyNonces)
      .values({ key: counterKey, nextNonce: next })
      .onConflictDoUpdate({ target: keyNonces.key, set: { nextNonce: next } });

  before(() => {
    unsubscribe = onNonceHeal((heal) => heals.push(heal));
  });
  after(() => unsubscribe());
  beforeEach(() => {
    heals.length = 0;
  });

  it("heals a counter left above the chain (started over) down to its pending count, once, and says so", async () => {
    const pending = await count();
    await setCounter(pending + 7);
    const job = await newJob();
    const healedBefore = nonceGapsHealed();
    const first = await take(job);
    assert.equal(first.nonce, pending, "the chain's next nonce, not the stale counter's");
    assert.deepEqual(heals, [{ chainId: 31337, address: key.address, counter: pending + 7, nonce: pending, held: [] }]);
    await broadcast(first.raw);
    await done(job);
    const second = await take(await newJob());
    assert.equal(second.nonce, pending + 1);
    assert.equal(heals.length, 1, "healed once");
    assert.equal(nonceGapsHealed(), healedBefore + 1, "counted for the metric");
    await broadcast(second.raw);
    assert.equal(await count("latest"), pending + 2, "both mined: no gap left");
  });

  it("never takes a nonce a stored, unsent job transaction holds; fills the gap below it instead", async () => {
    const pending = await count();
    // A job signed pending+1 (its transaction not broadcast yet: the node has not seen it) while
    // pending itself was dropped with a job that has ended.
    const holder = await newJob();
    await setCounter(pending + 1);
    const lost = await take(await newJob());
    assert.equal(lost.nonce, pending);
    const held = await take(holder);
    assert.equal(held.nonce, pending + 1);
    await db().update(orderJobs).set({ state: "failed" }).where(eq(orderJobs.rawTx, lost.raw));
    const filler = await take(await newJob());
    assert.equal(filler.nonce, pending, "the gap, not the held nonce");
    assert.deepEqual(heals.at(-1), { chainId: 31337, address: key.address, counter: pending + 2, nonce: pending, held: [pending + 1] });
    const next = await take(await newJob());
    assert.equal(next.nonce, pending + 2, "past the held one");
    for (const raw of [filler.raw, held.raw, next.raw]) await broadcast(raw);
    assert.equal(await count("latest"), pending + 3, "every one mined, none refused as a reused nonce");
  });

  it("never takes a nonce twice on a pending count read from a node a moment behind", async () => {
    const pending = await count();
    await setCounter(pending);
    const job = await newJob();
    const first = await take(job);
    await broadcast(first.raw);
    await done(job);
    // A node behind the one that mined it: its first answer is still `pending`.
    let stale = 1;
    const behind = new Proxy(client(), {
      get: (target, name, receiver) =>
        name === "getTransactionCount"
          ? async (args: Parameters<PublicClient["getTransactionCount"]>[0]) => (stale-- > 0 ? pending : target.getTransactionCount(args))
          : Reflect.get(target, name, receiver),
    });
    const next = await take(await newJob(), behind);
    assert.equal(next.nonce, pending + 1, "looked again before healing, and saw the mined one");
    assert.deepEqual(heals, []);
    await broadcast(next.raw);
    assert.equal(await count("latest"), pending + 2);
  });

  it("gives many takers at once a nonce each, none skipped", async () => {
    const pending = await count();
    await setCounter(pending);
    const jobs = await Promise.all(Array.from({ length: 8 }, () => newJob()));
    const taken = await Promise.all(jobs.map((job) => take(job)));
    assert.deepEqual(
      taken.map((t) => t.nonce).sort((a, b) => a - b),
      jobs.map((_, i) => pending + i),
    );
    for (const t of taken.sort((a, b) => a.nonce - b.nonce)) await broadcast(t.raw);
    assert.equal(await count("latest"), pending + jobs.length);
  });
});
