// Card fulfilment across API processes on one Postgres 15: every process gets every webhook (one
// relay each), workers in other processes than the one that took the order, a worker SIGKILLed
// between sending the mint and its receipt, and freemint redemptions raced across processes; and
// the key nonces the API shares across processes: two processes writing art replacements with one
// art-admin key while each transaction reaches the chains late.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { and, eq, inArray, isNull } from "drizzle-orm";
import { keccak256, type Hash, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { colourHex } from "@pixlings/shared/art/pixelArt";
import { pixlingsAbi } from "@pixlings/shared/contract";
import { DEV_KEYS } from "@pixlings/shared/devAccounts";
import type { AdminUploadResponse } from "@pixlings/shared/http/admin";
import { type CheckoutResponse, FREEMINT_CODE_PATTERN, type CardOrderView, type FreemintCard } from "@pixlings/shared/http/checkout";
import type { MintAuthorization } from "@pixlings/shared/http/sale";
import { startCardShop, type CardShop } from "@pixlings/test-kit/cardShop";
import { startHoldingRpcProxy } from "@pixlings/test-kit/holdingRpcProxy";
import { eventually, mintCounts as mintCountsOn, testAccount } from "@pixlings/test-kit/indexer";
import { skipPostgres, startPostgres, type TestPostgres } from "@pixlings/test-kit/postgres";
import { authorize, expectStatus, fund, ownerOn, postJson, sendMint, type Jar } from "@pixlings/test-kit/saleStack";
import { googleSessionJar } from "@pixlings/test-kit/adminSession";
import { signIn } from "@pixlings/test-kit/signIn";
import { spawnApi, type ApiChild } from "@pixlings/test-kit/spawnApi";
import { artReplacements, replacementJobs } from "../db/tables/artReplacements.ts";
import { orderJobs } from "../db/tables/orderJobs.ts";
import { freemintCards } from "../db/tables/freemintCards.ts";
import { reservations } from "../db/tables/reservations.ts";

const ADMIN_EMAIL = "freemint-admin@example.test";

describe("card fulfilment across API processes on one Postgres", { skip: skipPostgres() }, () => {
  let pg: TestPostgres;
  let shop: CardShop;
  let workers: ApiChild[];
  let jar: Jar;

  const db = () => shop.api.database.db;
  const minter = () => shop.stack.eth.minter.address;
  const chain = () => shop.stack.eth.clients.publicClient;
  const nonceOf = (blockTag: "latest" | "pending") => chain().getTransactionCount({ address: minter(), blockTag });
  /** How many times each id was minted on the primary chain. */
  const mintCounts = (ids: number[]): Promise<number[]> => mintCountsOn(shop.stack.eth, ids);

  /** An admin (a Google session of an ADMIN_EMAILS email) on the in-process API. */
  const signInAdmin = (): Promise<Jar> => googleSessionJar(shop.api, ADMIN_EMAIL);

  before(async () => {
    pg = await startPostgres();
    // The in-process API takes orders, webhooks and approvals but mints and writes nothing: the workers run elsewhere.
    // Quick tries: a Pix that cannot be minted is given back after 3 (the default waits ~25 min).
    // Every process lists the admin: a role counts only while every live process grants it.
    const env = { DATABASE_URL: pg.url, FULFILMENT_LEASE_SECONDS: "2", FULFILMENT_MAX_ATTEMPTS: "3", FULFILMENT_RETRY_MS: "50", ADMIN_EMAILS: ADMIN_EMAIL };
    shop = await startCardShop({ env, apiEnv: { FULFILMENT_WORKER: "off", ART_REPLACE_WORKER: "off" }, relays: 3 });
    workers = [await shop.spawnApi(1), await shop.spawnApi(2)];
    jar = await signIn(shop.api, testAccount("fulfil-buyer"));
  });
  after(async () => {
    await shop?.close();
    await pg?.stop();
  });

  it("mints each paid order once, whichever process gets the webhook or the job", async () => {
    const nonce = await nonceOf("latest");
    const orders = [];
    for (const ids of [[20, 21], [22], [23, 24, 25]]) {
      const order = await shop.place(jar, ids);
      await shop.pay(order);
      orders.push(order);
    }
    for (const order of orders) await shop.waitState(order.orderId, "minted");
    assert.deepEqual(await mintCounts([20, 21, 22, 23, 24, 25]), [1, 1, 1, 1, 1, 1]);
    assert.equal((await nonceOf("latest")) - nonce, 3, "one mintToCustody per order, no second send");
    const jobs = await db().select().from(orderJobs).where(eq(orderJobs.kind, "mint"));
    assert.deepEqual(
      jobs.map((job) => job.state),
      ["done", "done", "done"],
    );
    assert.equal(shop.relays.reduce((sum, relay) => sum + relay.forwarded, 0) % 3, 0, "every event went to all three processes");
  });

  it("finishes with exactly one mint after the worker is SIGKILLed between sending and the receipt", async () => {
    await workers[1]?.stop();
    const nonce = await nonceOf("latest");
    await shop.stack.eth.test.setAutomine(false);
    try {
      const order = await shop.place(jar, [30, 31]);
      await shop.pay(order);
      await eventually(
        async () => (await nonceOf("pending")) > (await nonceOf("latest")),
        () => "the mint was not sent",
      );
      await workers[0]?.kill();
      await shop.stack.eth.test.mine({ blocks: 1 });
      assert.equal((await shop.orderOf(order.orderId)).state, "minting", "nobody recorded the receipt");
      workers[0] = await shop.spawnApi(1);
      await shop.waitState(order.orderId, "minted");
    } finally {
      await shop.stack.eth.test.setAutomine(true);
    }
    assert.deepEqual(await mintCounts([30, 31]), [1, 1]);
    assert.equal((await nonceOf("latest")) - nonce, 1, "the restarted worker read the receipt instead of sending again");
  });

  it("sends the same signed transaction again when the crashed worker's send never reached a block", async () => {
    const nonce = await nonceOf("latest");
    await shop.stack.eth.test.setAutomine(false);
    try {
      const order = await shop.place(jar, [32]);
      await shop.pay(order);
      await eventually(
        async () => (await nonceOf("pending")) > (await nonceOf("latest")),
        () => "the mint was not sent",
      );
      await workers[0]?.kill();
      const [job] = await db().select().from(orderJobs).where(eq(orderJobs.orderId, order.orderId));
      await shop.stack.eth.test.dropTransaction({ hash: job?.txHash as Hash });
      await shop.stack.eth.test.setAutomine(true);
      workers[0] = await shop.spawnApi(1);
      await shop.waitState(order.orderId, "minted");
      assert.equal((await shop.orderOf(order.orderId)).mintTxHash, job?.txHash, "the same transaction, not a second one");
    } finally {
      await shop.stack.eth.test.setAutomine(true);
    }
    assert.deepEqual(await mintCounts([32]), [1]);
    assert.equal((await nonceOf("latest")) - nonce, 1);
  });

  it("sells an id once when a card buyer and a crypto buyer race for it through two processes", async () => {
    const cryptoBuyer = testAccount("race-crypto");
    await fund(shop.stack, [cryptoBuyer]);
    const card = await signIn(shop.api, testAccount("race-card"));
    const crypto = await signIn({ url: workers[0]!.url, config: shop.api.config }, cryptoBuyer);
    for (const id of [60, 61, 62, 63]) {
      const chain = id % 2 === 0 ? shop.stack.eth : shop.stack.pol;
      const [byCard, byWallet] = await Promise.all([shop.checkout(card, [id]), authorize(crypto, [id], chain.chainId)]);
      assert.deepEqual([byCard.status, byWallet.status].sort(), [200, 409], `Pix #${id}`);
      if (byCard.status === 200) {
        const order = (await byCard.json()) as CheckoutResponse;
        await shop.pay(order);
        await shop.waitState(order.orderId, "minted");
      } else {
        await sendMint(chain, cryptoBuyer, (await expectStatus(byWallet, 200)) as unknown as MintAuthorization);
      }
      const owners = [await ownerOn(shop.stack.eth, id), await ownerOn(shop.stack.pol, id)].filter((owner) => owner !== undefined);
      assert.equal(owners.length, 1, `Pix #${id} has owners ${owners.join(", ")}`);
    }
  });

  describe("freemint cards", () => {
    let admin: Jar;
    let card: FreemintCard;
    const create = (who: Jar, body: unknown) => postJson(who, "/api/admin/freemint-cards", body);
    const patchCard = (who: Jar, id: number, body: unknown) =>
      who.fetch(`/api/admin/freemint-cards/${id}`, { method: "PATCH", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

    before(async () => {
      admin = await signInAdmin();
    });

    it("are created by admins only, with a code from the unambiguous alphabet and slots by type", async () => {
      await expectStatus(await create(jar, { cardType: "3pix" }), 403);
      await expectStatus(await create(admin, { cardType: "4pix" }), 400, /card type/);
      await expectStatus(await create(admin, { cardType: "3pix", expiresAt: "2020-01-01T00:00:00Z" }), 400, /past/);
      await expectStatus(await create(admin, { cardType: "3pix", totalSlots: 0 }), 400);
      card = (await expectStatus(await create(admin, { cardType: "3pix" }), 201)) as unknown as FreemintCard;
      assert.match(card.code, FREEMINT_CODE_PATTERN);
      assert.deepEqual([card.cardType, card.totalSlots, card.usedSlots, card.isActive], ["3pix", 3, 0, true]);
      const listed = (await expectStatus(await admin.fetch("/api/admin/freemint-cards"), 200)) as unknown as FreemintCard[];
      assert.equal(listed[0]?.code, card.code);
    });

    it("give their free slots to one of two users racing on two processes; the loser reserves nothing", async () => {
      const [one, two] = [
        await signIn(shop.api, testAccount("freemint-1")),
        await signIn({ url: workers[0]!.url, config: shop.api.config }, testAccount("freemint-2")),
      ];
      const [a, b] = await Promise.all([
        postJson(one, "/api/freemint/redeem", { code: card.code.toLowerCase(), tokenIds: [40, 41] }),
        postJson(two, "/api/freemint/redeem", { code: card.code, tokenIds: [42, 43] }),
      ]);
      assert.deepEqual([a.status, b.status].sort(), [201, 409]);
      const won = (await expectStatus(a.status === 201 ? a : b, 201)) as unknown as CardOrderView;
      assert.deepEqual([won.source, won.amount], ["freemint", 0]);
      const lostIds = a.status === 201 ? [42, 43] : [40, 41];
      assert.equal((await db().select().from(reservations).where(eq(reservations.tokenId, lostIds[0]!))).length, 0);
      await shop.waitState(won.orderId, "minted");
      for (const id of won.tokenIds) assert.equal(await ownerOn(shop.stack.eth, id), shop.stack.eth.custody.address);
      const [row] = await db().select().from(freemintCards).where(eq(freemintCards.code, card.code));
      assert.equal(row?.usedSlots, 2);
    });

    it("refuse what a card cannot give, with a clear 4xx and nothing reserved", async () => {
      const user = await signIn(shop.api, testAccount("freemint-3"));
      const check = (code: string) => postJson(user, "/api/freemint/check", { code });
      assert.equal(((await expectStatus(await check(card.code), 200)) as { freeSlots: number }).freeSlots, 1);
      await expectStatus(await check("PIXLINGS-ZZZZ-ZZZZ-ZZZZ-ZZZZ"), 404);
      await expectStatus(await check("not-a-code"), 400);
      const big = (await expectStatus(await create(admin, { cardType: "3pix", totalSlots: 9 }), 201)) as unknown as FreemintCard;
      const greedy = await signIn(shop.api, testAccount("freemint-greedy"));
      await expectStatus(
        await postJson(greedy, "/api/freemint/redeem", { code: big.code, tokenIds: [52, 53, 54, 55] }),
        409,
        /A 3pix card gives at most 3 Pix at a time/,
      );
      await expectStatus(await postJson(user, "/api/freemint/redeem", { code: card.code, tokenIds: [44, 45] }), 409, /1 free Pix left/);
      await expectStatus(
        await postJson(user, "/api/freemint/redeem", { code: card.code, tokenIds: [1] }),
        409,
        /Artist Pix: freemint cards are for Common Pix only/,
      );
      await expectStatus(await postJson(user, "/api/freemint/redeem", { code: card.code, tokenIds: [20] }), 409, /already minted/);
      assert.equal((await db().select().from(reservations).where(eq(reservations.tokenId, 44))).length, 0);
      const last = (await expectStatus(await postJson(user, "/api/freemint/redeem", { code: card.code, tokenIds: [44] }), 201)) as unknown as CardOrderView;
      await shop.waitState(last.orderId, "minted");
      await expectStatus(await check(card.code), 410, /fully redeemed/);
      const other = (await expectStatus(await create(admin, { cardType: "6pix" }), 201)) as unknown as FreemintCard;
      await expectStatus(await patchCard(jar, other.id, { isActive: false }), 403);
      const off = (await expectStatus(await patchCard(admin, other.id, { isActive: false }), 200)) as unknown as FreemintCard;
      assert.equal(off.isActive, false);
      await expectStatus(await check(other.code), 403, /not active/);
      await expectStatus(await patchCard(admin, 999_999, { isActive: true }), 404);
      await expectStatus(await patchCard(admin, other.id, { isActive: "yes" }), 400);
      await db()
        .update(freemintCards)
        .set({ isActive: true, expiresAt: new Date(Date.now() - 1_000) })
        .where(eq(freemintCards.id, other.id));
      await expectStatus(await check(other.code), 410, /expired/);
    });

    it("give their slots back when the Pix cannot be minted within the tries allowed", async () => {
      const user = await signIn(shop.api, testAccount("freemint-unlucky"));
      const pack = (await expectStatus(await create(admin, { cardType: "3pix" }), 201)) as unknown as FreemintCard;
      const eth = shop.stack.eth;
      const setMinting = async (active: boolean): Promise<void> => {
        const hash = await eth.clients.walletClient.writeContract({ address: eth.address, abi: pixlingsAbi, functionName: "setMintingActive", args: [active] });
        await eth.clients.publicClient.waitForTransactionReceipt({ hash });
      };
      // No worker while the order is taken (sales open), then minting paused before one runs.
      await workers[0]?.stop();
      const order = (await expectStatus(
        await postJson(user, "/api/freemint/redeem", { code: pack.code, tokenIds: [50, 51] }),
        201,
      )) as unknown as CardOrderView;
      await setMinting(false);
      try {
        workers[0] = await shop.spawnApi(1);
        const refunded = await shop.waitState(order.orderId, "refunded");
        assert.match(refunded.reason ?? "", /could not be minted after 3 tries/);
      } finally {
        await setMinting(true);
      }
      const [row] = await db().select().from(freemintCards).where(eq(freemintCards.id, pack.id));
      assert.deepEqual([row?.usedSlots, row?.redeemedAt], [0, null], "both slots back");
      assert.equal((await db().select().from(reservations).where(eq(reservations.tokenId, 50))).filter((r) => r.releasedAt === null).length, 0);
    });

    it("limit guessing: a user trying codes is told to wait", async () => {
      const guesser = await signIn(shop.api, testAccount("freemint-guesser"));
      const statuses: number[] = [];
      const guess = (code: string) => postJson(guesser, "/api/freemint/check", { code });
      for (let i = 0; i < 11; i++) statuses.push((await guess(`PIXLINGS-ABCDEF${"23456789ABC"[i]}${i % 2 === 0 ? "2" : "3"}`)).status);
      assert.deepEqual(statuses.slice(0, 10), Array(10).fill(404));
      const limited = await expectStatus(await guess("PIXLINGS-ABCDEFGH"), 429);
      assert.equal(typeof limited.retryAfter, "number");
      assert.equal(statuses[10], 429);
    });
  });

  it("gives two processes writing art with one key a nonce each (key_nonces): one transaction per chain and Pix, all confirmed", async () => {
    const ids = [200, 201, 202, 203];
    const artAdmin = privateKeyToAccount(DEV_KEYS.artAdmin).address;
    const chains = shop.stack.chains;
    // Each transaction reaches the chains a second after it was sent: the other process signs meanwhile.
    const proxies = await Promise.all(chains.map((c) => startHoldingRpcProxy(c.chain.url, Number.POSITIVE_INFINITY, { delayMs: 1_000 })));
    const admin = await signInAdmin();
    const before = await Promise.all(chains.map((c) => c.clients.publicClient.getTransactionCount({ address: artAdmin })));
    // Every replacement approved before either writing process starts: both find all of them waiting.
    const submissions: number[] = [];
    for (const [i, id] of ids.entries()) {
      const art = { palette: [colourHex(0x204060 + i), colourHex(0xe0a020 - i)], pixels: Array.from({ length: 81 }, (_, cell) => (cell * (i + 3)) % 2) };
      const uploaded = (await expectStatus(await postJson(admin, "/api/admin/upload", { tokenId: String(id), art }), 201)) as unknown as AdminUploadResponse;
      submissions.push(uploaded.submission.id);
      const approve = await admin.fetch(`/api/admin/submissions/${uploaded.submission.id}/approve`, {
        method: "PATCH",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ targetTokenId: id, artVersion: uploaded.submission.artVersion }),
      });
      await expectStatus(approve, 202);
    }
    const replacements = await db().select().from(artReplacements).where(inArray(artReplacements.submissionId, submissions));
    const env = {
      DATABASE_URL: pg.url,
      INDEXER_URL: shop.stack.indexer.url,
      PIXLINGS_INDEXER_CHAINS: JSON.stringify(
        chains.map((c, i) => ({ chainId: c.chainId, rpcUrl: proxies[i]!.url, address: c.address, startBlock: c.deployBlock })),
      ),
      MINT_SIGNER_PRIVATE_KEY: shop.api.config.sale.signerKey,
      ART_ADMIN_PRIVATE_KEY: DEV_KEYS.artAdmin,
      FULFILMENT_WORKER: "off",
    };
    const writers = await Promise.all([spawnApi(env), spawnApi(env)]);
    try {
      await eventually(
        async () =>
          (
            await db()
              .select({ id: artReplacements.id })
              .from(artReplacements)
              .where(and(inArray(artReplacements.submissionId, submissions), isNull(artReplacements.finishedAt)))
          ).length === 0,
        async () =>
          `replacements still live: ${JSON.stringify(
            await db()
              .select({ chainId: replacementJobs.chainId, state: replacementJobs.state, error: replacementJobs.error })
              .from(replacementJobs)
              .where(
                inArray(
                  replacementJobs.replacementId,
                  replacements.map((r) => r.id),
                ),
              ),
          )}`,
        90_000,
      );
    } finally {
      await Promise.all(writers.map((w) => w.stop()));
      await Promise.all(proxies.map((p) => p.close()));
    }
    const jobs = await db()
      .select()
      .from(replacementJobs)
      .where(
        inArray(
          replacementJobs.replacementId,
          replacements.map((r) => r.id),
        ),
      );
    for (const [i, c] of chains.entries()) {
      const mine = jobs.filter((job) => job.chainId === c.chainId);
      assert.deepEqual(
        mine.map((job) => [job.state, job.txHashes.length]),
        ids.map(() => ["confirmed", 1]),
        `chain ${c.chainId}: one transaction per Pix`,
      );
      // A nonce signed twice heals later (the loser is signed anew), so the chain's end state alone
      // cannot tell: every distinct transaction that reached the chain must be one of the jobs'.
      assert.deepEqual(
        [...new Set(proxies[i]!.passed.map((raw) => keccak256(raw as Hex)))].sort(),
        mine.map((job) => job.txHash).sort(),
        `chain ${c.chainId}: exactly one transaction signed per Pix, none lost to a collision`,
      );
      assert.deepEqual(
        mine.map((job) => job.nonce).sort((a, b) => a! - b!),
        ids.map((_, n) => before[i]! + n),
        `chain ${c.chainId}: a nonce each, none skipped`,
      );
      assert.equal(await c.clients.publicClient.getTransactionCount({ address: artAdmin }), before[i]! + ids.length, `chain ${c.chainId}: nothing else sent`);
    }
  });
});
