// Order jobs against chains that move under them (two anvil chains, a real Ponder, the API with its
// workers, the Stripe stand-in): fresh chains under a stale key_nonces row (a card mint and an art
// replacement both complete); a reorg that drops a custody mint before it is final (the same
// transaction mined again), one that gives its nonce to another transaction (the mint sent anew),
// never a minted order without its Pix; a mint sitting under a risen base fee (signed again at its
// nonce with a higher fee); a mint stranded above a nonce nobody will fill (sent anew at the chain's
// nonce). The API takes orders; a worker process of its own mints (one Postgres 15 for both).
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { eq } from "drizzle-orm";
import { createWalletClient, encodeFunctionData, http, keccak256, parseGwei, zeroAddress, type Address, type Hash } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { colourHex } from "@pixlings/shared/art/pixelArt";
import { pixChain } from "@pixlings/shared/chains";
import { pixlingsAbi } from "@pixlings/shared/contract";
import { DEV_KEYS } from "@pixlings/shared/devAccounts";
import type { AdminUploadResponse } from "@pixlings/shared/http/admin";
import { googleSessionJar } from "@pixlings/test-kit/adminSession";
import { startCardShop, type CardShop } from "@pixlings/test-kit/cardShop";
import { eventually, testAccount } from "@pixlings/test-kit/indexer";
import { skipPostgres, startPostgres, type TestPostgres } from "@pixlings/test-kit/postgres";
import { revertOnceIndexed } from "@pixlings/test-kit/reorg";
import { expectStatus, ownerOn, postJson, type Jar } from "@pixlings/test-kit/saleStack";
import { signIn } from "@pixlings/test-kit/signIn";
import type { ApiChild } from "@pixlings/test-kit/spawnApi";
import { artReplacements } from "../db/tables/artReplacements.ts";
import { keyNonces, orderJobs } from "../db/tables/orderJobs.ts";

/** The admin who approves the art replacement (a Google session of an ADMIN_EMAILS email). */
const ADMIN_EMAIL = "drift-admin@example.test";

describe("order jobs on chains that move under them", { skip: skipPostgres() }, () => {
  let pg: TestPostgres;
  let shop: CardShop;
  let worker: ApiChild;
  let jar: Jar;
  const db = () => shop.api.database.db;
  const eth = () => shop.stack.eth;
  const minter = privateKeyToAccount(DEV_KEYS.minter);
  const nonceOf = (address: Address, blockTag: "latest" | "pending" = "latest") => eth().clients.publicClient.getTransactionCount({ address, blockTag });
  const jobOf = async (orderId: string) => (await db().select().from(orderJobs).where(eq(orderJobs.orderId, orderId)))[0] ?? assert.fail("no mint job");
  /** How many times each id was minted on the primary chain as it is now (Transfer from the zero address). */
  const mintCounts = async (ids: number[]): Promise<number[]> => {
    const logs = await eth().clients.publicClient.getContractEvents({
      address: eth().address,
      abi: pixlingsAbi,
      eventName: "Transfer",
      args: { from: zeroAddress },
      fromBlock: 0n,
    });
    return ids.map((id) => logs.filter((log) => log.args.id === BigInt(id)).length);
  };
  /** The order's mint in a block (its hash shown to the buyer), the order still `minting`. */
  const mintSeen = async (orderId: string): Promise<{ hash: Hash; block: bigint }> => {
    await eventually(
      async () => (await shop.orderOf(orderId)).mintTxHash !== null,
      async () => `order ${orderId} is ${(await shop.orderOf(orderId)).state} with no mint transaction shown`,
    );
    const hash = (await shop.orderOf(orderId)).mintTxHash as Hash;
    const receipt = await eth().clients.publicClient.getTransactionReceipt({ hash });
    return { hash, block: receipt.blockNumber };
  };
  const minterWallet = () =>
    createWalletClient({
      account: minter,
      chain: { ...pixChain(31337).chain, rpcUrls: { default: { http: [eth().chain.url] } } },
      transport: http(eth().chain.url),
    });

  before(async () => {
    // One Postgres for the API that takes orders and the process that mints.
    pg = await startPostgres();
    shop = await startCardShop({
      env: { DATABASE_URL: pg.url, FULFILMENT_RETRY_MS: "50", ADMIN_EMAILS: ADMIN_EMAIL },
      apiEnv: { FULFILMENT_WORKER: "off" },
      relays: 2,
    });
    worker = await shop.spawnApi(1);
    jar = await signIn(shop.api, testAccount("drift-buyer"));
  });
  after(async () => {
    await shop?.close();
    await pg?.stop();
  });

  it("fresh chains under a stale key_nonces row: a card mint and an art replacement both complete", async () => {
    const artAdmin = privateKeyToAccount(DEV_KEYS.artAdmin).address;
    // The counters of an earlier run of the chains, far above what these fresh ones have seen.
    const stale = [
      { key: `31337:${minter.address.toLowerCase()}`, nextNonce: 41 },
      ...shop.stack.chains.map((c) => ({ key: `${c.chainId}:${artAdmin.toLowerCase()}`, nextNonce: 23 })),
    ];
    await db().insert(keyNonces).values(stale);
    const order = await shop.place(jar, [10, 11]);
    await shop.pay(order);
    const minted = await shop.waitState(order.orderId, "minted", 60_000);
    assert.equal((await jobOf(order.orderId)).nonce, 0, "the chain's first nonce of the minter");
    for (const id of [10, 11]) assert.equal(await ownerOn(eth(), id), eth().custody.address);
    assert.ok(minted.mintTxHash);

    const admin = await googleSessionJar(shop.api, ADMIN_EMAIL);
    const art = { palette: [colourHex(0x336699), colourHex(0xffcc00)], pixels: Array.from({ length: 81 }, (_, cell) => (cell % 3 === 0 ? 1 : 0)) };
    const uploaded = (await expectStatus(await postJson(admin, "/api/admin/upload", { tokenId: "120", art }), 201)) as unknown as AdminUploadResponse;
    const approve = await admin.fetch(`/api/admin/submissions/${uploaded.submission.id}/approve`, {
      method: "PATCH",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ targetTokenId: 120, artVersion: uploaded.submission.artVersion }),
    });
    await expectStatus(approve, 202);
    await eventually(
      async () => (await db().select().from(artReplacements).where(eq(artReplacements.submissionId, uploaded.submission.id)))[0]?.finishedAt != null,
      () => "the art replacement did not finish",
      90_000,
    );
    for (const c of shop.stack.chains)
      assert.equal(await c.clients.publicClient.getTransactionCount({ address: artAdmin }), 1, `chain ${c.chainId}: one replaceArt at nonce 0`);
  });

  it("a reorg that drops the custody mint before it is final: the same transaction is mined again, and the order is minted only at a final block", async () => {
    const before = await nonceOf(minter.address);
    const fork = await eth().test.snapshot();
    const forkedAt = await eth().clients.publicClient.getBlockNumber();
    const order = await shop.place(jar, [12, 13]);
    await shop.pay(order);
    const seen = await mintSeen(order.orderId);
    assert.equal((await shop.orderOf(order.orderId)).state, "minting", "in a block at the head: not minted yet");
    // The chain goes back before the mint and grows a longer fork without it, the worker running all the while.
    const head = await eth().clients.publicClient.getBlockNumber();
    await revertOnceIndexed(eth(), shop.stack.indexer, fork);
    await eth().test.mine({ blocks: Number(head - forkedAt) + 1, interval: 0 });
    const minted = await shop.waitState(order.orderId, "minted", 60_000);
    assert.equal(minted.mintTxHash, seen.hash, "the same signed transaction, mined again");
    assert.deepEqual(await mintCounts([12, 13]), [1, 1]);
    for (const id of [12, 13]) assert.equal(await ownerOn(eth(), id), eth().custody.address);
    assert.equal(await nonceOf(minter.address), before + 1, "one transaction");
  });

  it("a reorg that gives the mint's nonce to another transaction: the mint is sent anew, never minted without its Pix", async () => {
    const fork = await eth().test.snapshot();
    const forkedAt = await eth().clients.publicClient.getBlockNumber();
    const order = await shop.place(jar, [14]);
    await shop.pay(order);
    const seen = await mintSeen(order.orderId);
    const { nonce } = await jobOf(order.orderId);
    const head = await eth().clients.publicClient.getBlockNumber();
    // The worker is down while the chain takes the other fork: there, the minter's nonce went to a transfer.
    await worker.stop();
    await revertOnceIndexed(eth(), shop.stack.indexer, fork);
    const wallet = minterWallet();
    const other = await wallet.sendTransaction({ to: minter.address, value: 1n, nonce: nonce! });
    await eth().clients.publicClient.waitForTransactionReceipt({ hash: other });
    await eth().test.mine({ blocks: Number(head - forkedAt) + 1, interval: 0 });
    assert.equal(await ownerOn(eth(), 14), undefined, "premise: the fork has no mint");
    assert.equal((await shop.orderOf(order.orderId)).state, "minting");
    worker = await shop.spawnApi(1);
    const minted = await shop.waitState(order.orderId, "minted", 60_000);
    assert.notEqual(minted.mintTxHash, seen.hash, "a new transaction");
    assert.equal(await ownerOn(eth(), 14), eth().custody.address);
    assert.deepEqual(await mintCounts([14]), [1]);
  });

  it("a custody mint sitting under a risen base fee is signed again at its nonce with a higher fee", async () => {
    const client = eth().clients.publicClient;
    await eth().test.setAutomine(false);
    let first: { nonce: number | null; txHash: string | null };
    try {
      const order = await shop.place(jar, [15]);
      await shop.pay(order);
      await eventually(
        async () => (await nonceOf(minter.address, "pending")) > (await nonceOf(minter.address)),
        () => "the mint was not sent",
      );
      first = await jobOf(order.orderId);
      // The next block's base fee jumps far past what the mint offers: it is not in that block.
      await eth().test.setNextBlockBaseFeePerGas({ baseFeePerGas: parseGwei("5000") });
      await eth().test.mine({ blocks: 1 });
      await eth().test.setAutomine(true);
      const minted = await shop.waitState(order.orderId, "minted", 90_000);
      const job = await jobOf(order.orderId);
      assert.equal(job.nonce, first.nonce, "the same nonce");
      assert.notEqual(job.txHash, first.txHash, "signed again");
      const mint = await client.getTransaction({ hash: minted.mintTxHash as Hash });
      assert.ok(mint.maxFeePerGas! > (parseGwei("5000") * 7n) / 8n, `a fee cap above the risen base fee (${mint.maxFeePerGas})`);
      assert.equal(await ownerOn(eth(), 15), eth().custody.address);
    } finally {
      await eth().test.setAutomine(true);
    }
  });

  it("a mint stranded above a nonce nobody will fill (queued in the node over a gap, as a stale counter once left it): sent anew at the chain's nonce", async () => {
    await worker.stop();
    const order = await shop.place(jar, [16]);
    await shop.pay(order);
    await shop.waitState(order.orderId, "paid");
    const job = await jobOf(order.orderId);
    const next = await nonceOf(minter.address, "pending");
    // The order's mint signed one nonce too high, stored on its job and sent: the node queues it over the gap.
    const wallet = minterWallet();
    const data = encodeFunctionData({ abi: pixlingsAbi, functionName: "mintToCustody", args: [eth().custody.address, [16n]] });
    const raw = await wallet.signTransaction(await wallet.prepareTransactionRequest({ to: eth().address, data, nonce: next + 1, gas: 300_000n }));
    await db()
      .update(orderJobs)
      .set({ state: "sent", nonce: next + 1, rawTx: raw, txHash: keccak256(raw), sentAt: new Date() })
      .where(eq(orderJobs.id, job.id));
    await eth().clients.publicClient.sendRawTransaction({ serializedTransaction: raw });
    assert.equal(await nonceOf(minter.address, "pending"), next, "queued, not executable");
    worker = await shop.spawnApi(1);
    await shop.waitState(order.orderId, "minted", 60_000);
    assert.equal(await ownerOn(eth(), 16), eth().custody.address);
    assert.deepEqual(await mintCounts([16]), [1], "minted once (the stranded one, once the gap is filled, finds it minted)");
  });
});
