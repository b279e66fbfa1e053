// Card checkout end to end: the real API over real anvil chains and Ponder, the real Stripe SDK
// against the local stand-in, whose signed webhooks reach the API through a relay that can hold
// them; paid orders minted to custody by the API's fulfilment worker.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { and, eq, isNull, sql } from "drizzle-orm";
import { pixlingsAbi } from "@pixlings/shared/contract";
import { STRIPE_WEBHOOK_PATH } from "@pixlings/shared/defaults";
import type { Nft } from "@pixlings/shared/http/nfts";
import type { OwnerPixlings } from "@pixlings/shared/http/owners";
import { fixtureCardPrice, intentIdOf, startCardShop, type CardShop } from "@pixlings/test-kit/cardShop";
import { eventually, testAccount, voucherMint, waitCaughtUp } from "@pixlings/test-kit/indexer";
import { stripeFailure } from "@pixlings/test-kit/localStripe";
import { authorize, expectStatus, fund, ownerOn, postJson, type Jar } from "@pixlings/test-kit/saleStack";
import { signIn } from "@pixlings/test-kit/signIn";
import { reservations } from "../db/tables/reservations.ts";
import { stripeEvents } from "../db/tables/cardOrders.ts";
import { EXPIRED_REASON } from "../sale/expiredReason.ts";

const buyer = testAccount("card-buyer");
const cryptoBuyer = testAccount("card-race-crypto");
const lateBuyer = testAccount("card-late");
const bigBuyer = testAccount("card-cap");
const other = testAccount("card-other");
const racer = testAccount("card-racer");
const unlucky = testAccount("card-unlucky");

describe("card checkout", () => {
  let shop: CardShop;
  let jar: Jar;
  let cryptoJar: Jar;
  let lateJar: Jar;
  let bigJar: Jar;
  let otherJar: Jar;
  let racerJar: Jar;
  let unluckyJar: Jar;

  const db = () => shop.api.database.db;
  const liveHolds = (orderId: string) =>
    db()
      .select()
      .from(reservations)
      .where(and(eq(reservations.orderId, orderId), isNull(reservations.releasedAt)));
  const tokenView = async (id: number): Promise<Nft> => (await expectStatus(await fetch(`${shop.api.url}/api/nfts/token/${id}`), 200)) as unknown as Nft;
  /** The Stripe refund of an order, once the worker has asked for it (refunds are decided in the database first). */
  const refundOf = async (orderId: string) => {
    await eventually(
      async () => (await shop.orderOf(orderId)).refundId !== null,
      () => `no refund asked of Stripe for order ${orderId}`,
    );
    return shop.stripe.stripe.refunds.retrieve((await shop.orderOf(orderId)).refundId!);
  };
  /** The hold's end moved into the past: what the API's clock sees once CARD_RESERVATION_TTL_SECONDS have gone by. */
  const runOut = (orderId: string) =>
    db()
      .update(reservations)
      .set({ holdUntil: sql`now() - interval '1 second'` })
      .where(and(eq(reservations.orderId, orderId), isNull(reservations.releasedAt)));

  before(async () => {
    // Three quick tries before a Pix that cannot be minted is refunded (the default waits ~25 min).
    shop = await startCardShop({ env: { FULFILMENT_MAX_ATTEMPTS: "3", FULFILMENT_RETRY_MS: "50" } });
    await fund(shop.stack, [cryptoBuyer], "100");
    jar = await signIn(shop.api, buyer);
    cryptoJar = await signIn(shop.api, cryptoBuyer);
    lateJar = await signIn(shop.api, lateBuyer);
    bigJar = await signIn(shop.api, bigBuyer);
    otherJar = await signIn(shop.api, other);
    racerJar = await signIn(shop.api, racer);
    unluckyJar = await signIn(shop.api, unlucky);
  });
  after(async () => {
    await shop?.close();
  });

  it("answers 401 to a signed-out buyer on both routes, and reserves nothing", async () => {
    const out = (path: string, body: unknown) =>
      fetch(`${shop.api.url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    await expectStatus(await out("/api/cart/checkout", { tokenIds: [20], paymentMethod: "card", totalAmount: 3500 }), 401);
    await expectStatus(await out("/api/create-payment-intent", { tokenId: 20, amount: 3500 }), 401);
    assert.equal((await db().select().from(reservations).where(eq(reservations.tokenId, 20))).length, 0);
  });

  it("refuses bad bodies with 400", async () => {
    await expectStatus(await postJson(jar, "/api/cart/checkout", { tokenIds: [20, 20], paymentMethod: "card", totalAmount: 7000 }), 400);
    await expectStatus(await postJson(jar, "/api/cart/checkout", { tokenIds: [20], paymentMethod: "crypto", totalAmount: 3500 }), 400);
    await expectStatus(await postJson(jar, "/api/create-payment-intent", { tokenId: 20, amount: 35.5 }), 400);
    await expectStatus(await postJson(jar, "/api/create-payment-intent", { tokenId: 0, amount: 3500 }), 400);
  });

  it("charges the server's card total: the PaymentIntent carries the order id and exactly that amount", async () => {
    const ids = [20, 21, 5];
    const expected = ids.reduce((sum, id) => sum + fixtureCardPrice(id), 0);
    const answer = await shop.place(jar, ids);
    assert.equal(answer.amount, expected);
    const intent = await shop.stripe.stripe.paymentIntents.retrieve(intentIdOf(answer.clientSecret));
    assert.deepEqual([intent.amount, intent.currency, intent.metadata.orderId], [expected, "usd", answer.orderId]);
    const order = await shop.orderOf(answer.orderId);
    assert.deepEqual([order.state, order.paymentIntentId], ["created", intent.id]);
    assert.deepEqual((await liveHolds(answer.orderId)).map((r) => r.tokenId).sort(), [20, 21, 5].sort());
    const single = (await expectStatus(await postJson(jar, "/api/create-payment-intent", { tokenId: 22, amount: fixtureCardPrice(22) }), 200)) as {
      clientSecret: string;
    };
    assert.equal((await shop.stripe.stripe.paymentIntents.retrieve(intentIdOf(single.clientSecret))).amount, fixtureCardPrice(22));
  });

  it("answers 409 with the current total to a stale one, charging and reserving nothing", async () => {
    const right = fixtureCardPrice(30);
    const body = await expectStatus(await shop.checkout(jar, [30], right + 1), 409);
    assert.deepEqual([body.code, body.totalAmount], ["stale_total", right]);
    assert.equal((await db().select().from(reservations).where(eq(reservations.tokenId, 30))).length, 0);
  });

  it("forged and unsigned webhooks answer 400 and change nothing; a paid order is minted to custody once and shown card-owned", async () => {
    const order = await shop.place(jar, [31, 34]);
    const forged = JSON.stringify({
      id: "evt_forged",
      type: "payment_intent.succeeded",
      data: { object: { id: intentIdOf(order.clientSecret), object: "payment_intent", metadata: { orderId: order.orderId }, amount_received: order.amount } },
    });
    const post = (headers: Record<string, string>) =>
      fetch(`${shop.api.url}${STRIPE_WEBHOOK_PATH}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: forged });
    await expectStatus(await post({}), 400);
    await expectStatus(await post({ "stripe-signature": `t=${Math.floor(Date.now() / 1000)},v1=${"0".repeat(64)}` }), 400);
    await expectStatus(
      await post({ "stripe-signature": shop.stripe.stripe.webhooks.generateTestHeaderString({ payload: forged, secret: "whsec_not_ours" }) }),
      400,
    );
    assert.equal((await shop.orderOf(order.orderId)).state, "created");
    assert.equal((await db().select().from(stripeEvents).where(eq(stripeEvents.id, "evt_forged"))).length, 0);

    await shop.pay(order);
    const minted = await shop.waitState(order.orderId, "minted");
    assert.match(minted.mintTxHash ?? "", /^0x[0-9a-f]{64}$/);
    for (const id of [31, 34]) assert.equal(await ownerOn(shop.stack.eth, id), shop.stack.eth.custody.address);
    assert.equal(await ownerOn(shop.stack.pol, 31), undefined, "never on the other chain");
    assert.deepEqual((await liveHolds(order.orderId)).map((r) => r.tokenId).sort(), [31, 34], "held until the mint is final");
    await eventually(
      async () => (await tokenView(31)).ownerType === "card",
      async () => `Pix #31 shows ${JSON.stringify(await tokenView(31))}`,
    );
    const nft = await tokenView(31);
    assert.equal(nft.walletOwner, null, "custody is nobody's wallet");
    assert.match(nft.cardPurchasedBy ?? "", /^[0-9a-f]{24}$/, "an opaque token, no person");
    const mine = (await expectStatus(await jar.fetch("/api/owner/pixlings"), 200)) as unknown as OwnerPixlings;
    assert.deepEqual(
      mine.cardPurchases.map((p) => p.tokenId),
      [31, 34],
    );
    const theirs = (await expectStatus(await otherJar.fetch("/api/owner/pixlings"), 200)) as unknown as OwnerPixlings;
    assert.deepEqual(theirs.cardPurchases, []);
    // The buyer names the card Pix; nobody else may.
    await expectStatus(
      await jar.fetch("/api/owner/pixlings/34", { method: "PATCH", headers: { "content-type": "application/json" }, body: '{"customName":"Mine"}' }),
      200,
    );
    await expectStatus(
      await otherJar.fetch("/api/owner/pixlings/34", { method: "PATCH", headers: { "content-type": "application/json" }, body: '{"customName":"No"}' }),
      403,
    );
  });

  it("applies a repeated event id once", async () => {
    const order = await shop.place(jar, [32]);
    const id = intentIdOf(order.clientSecret);
    await shop.pay(order);
    await shop.waitState(order.orderId, "minted");
    const [event] = (await shop.stripe.stripe.events.list({ type: "payment_intent.succeeded" })).data.filter(
      (e) => (e.data.object as { id: string }).id === id,
    );
    assert.ok(event);
    const payload = JSON.stringify(event);
    const again = await fetch(`${shop.api.url}${STRIPE_WEBHOOK_PATH}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "stripe-signature": shop.stripe.stripe.webhooks.generateTestHeaderString({ payload, secret: shop.stripe.webhookSecret }),
      },
      body: payload,
    });
    assert.equal(((await expectStatus(again, 200)) as { outcome: string }).outcome, "duplicate");
    assert.equal((await shop.orderOf(order.orderId)).state, "minted");
  });

  it("keeps a declined order open with the decline's message: another card on the same order pays it", async () => {
    const order = await shop.place(jar, [33]);
    await assert.rejects(shop.pay(order, "pm_card_chargeDeclined"));
    await eventually(
      async () => /declined/i.test((await shop.orderOf(order.orderId)).reason ?? ""),
      async () => `the decline was not recorded: ${JSON.stringify(await shop.orderOf(order.orderId))}`,
    );
    assert.equal((await shop.orderOf(order.orderId)).state, "created");
    assert.deepEqual(
      (await liveHolds(order.orderId)).map((r) => r.tokenId),
      [33],
      "still held for the buyer",
    );
    assert.equal((await expectStatus(await authorize(cryptoJar, [33], shop.stack.eth.chainId), 409)).code, "reserved");
    const view = await expectStatus(await jar.fetch(`/api/card-orders/${order.orderId}`), 200);
    assert.match(String(view.reason), /declined/i);
    await shop.pay(order);
    const minted = await shop.waitState(order.orderId, "minted");
    assert.equal(minted.reason, null, "the decline is history once paid");
  });

  it("refunds whole a payment that arrives for an order its buyer replaced meanwhile (a changed cart), and keeps the ids for the new order", async () => {
    const order = await shop.place(lateJar, [35]);
    shop.relay.hold();
    // Paid in one tab while the cart, changed in another, checks out again.
    await shop.pay(order);
    const replacing = await shop.place(lateJar, [35, 39]);
    shop.relay.release();
    const refunded = await shop.waitState(order.orderId, "refunded");
    assert.match(refunded.reason ?? "", /Pix #35 was no longer reserved for this order when the payment arrived/);
    assert.deepEqual([refunded.refundedTokenIds, refunded.refundedCents], [[35], order.amount]);
    const refund = await refundOf(order.orderId);
    assert.deepEqual([refund.amount, refund.payment_intent], [order.amount, intentIdOf(order.clientSecret)]);
    assert.equal(await ownerOn(shop.stack.eth, 35), undefined, "nothing minted for the replaced order");
    assert.deepEqual((await liveHolds(replacing.orderId)).map((r) => r.tokenId).sort(), [35, 39]);
  });

  it("expires an unpaid order once its hold runs out: the PaymentIntent is cancelled first, then the ids are free", async () => {
    const order = await shop.place(lateJar, [36]);
    await runOut(order.orderId);
    const expired = await shop.waitState(order.orderId, "expired");
    assert.equal(expired.reason, EXPIRED_REASON);
    assert.equal((await shop.stripe.stripe.paymentIntents.retrieve(intentIdOf(order.clientSecret))).status, "canceled");
    const late = await stripeFailure(shop.pay(order));
    assert.equal(late.code, "payment_intent_unexpected_state", "a late payment is refused, never taken");
    assert.equal((await liveHolds(order.orderId)).length, 0);
    await expectStatus(await authorize(cryptoJar, [36], shop.stack.pol.chainId), 200);
  });

  it("honours a payment that succeeded before its hold's expiry was handled, even with its webhook held back", async () => {
    const order = await shop.place(lateJar, [37]);
    shop.relay.hold();
    await shop.pay(order);
    await runOut(order.orderId);
    // The sweeper cannot cancel a paid PaymentIntent: it applies the payment it finds (the ids were
    // still held), as the webhook would, without waiting for it.
    await shop.waitState(order.orderId, "minted");
    assert.ok(shop.relay.waiting > 0, "the webhook is still held");
    assert.equal(await ownerOn(shop.stack.eth, 37), shop.stack.eth.custody.address);
    shop.relay.release();
    await eventually(
      async () => shop.relay.waiting === 0,
      () => "the held webhook was not delivered",
    );
    assert.equal((await shop.orderOf(order.orderId)).state, "minted", "the late webhook changes nothing");
  });

  it("lets exactly one of a card buyer and a crypto buyer racing for one id reserve it", async () => {
    for (const id of [40, 41, 42, 43]) {
      const [card, crypto] = await Promise.all([
        shop.checkout(racerJar, [id]),
        authorize(cryptoJar, [id], id % 2 === 0 ? shop.stack.eth.chainId : shop.stack.pol.chainId),
      ]);
      assert.deepEqual([card.status, crypto.status].sort(), [200, 409], `Pix #${id}: card ${card.status}, crypto ${crypto.status}`);
      assert.equal((await expectStatus(card.status === 409 ? card : crypto, 409)).code, "reserved");
      const live = await db()
        .select()
        .from(reservations)
        .where(and(eq(reservations.tokenId, id), isNull(reservations.releasedAt)));
      assert.equal(live.length, 1);
    }
  });

  it("resumes the buyer's own unpaid order when the same Pix are asked again (a lost answer, a second click)", async () => {
    const first = await shop.place(unluckyJar, [38]);
    const again = await shop.place(unluckyJar, [38]);
    assert.deepEqual([again.orderId, again.clientSecret], [first.orderId, first.clientSecret]);
    assert.equal((await expectStatus(await shop.checkout(otherJar, [38]), 409)).code, "reserved");
  });

  it("refunds only the Pix sold on another chain before its mint, at its own price, and mints the rest", async () => {
    const order = await shop.place(unluckyJar, [45, 46]);
    shop.relay.hold();
    await shop.pay(order);
    // The other chain sells #46 meanwhile (a voucher signed outside the sale: what the API never
    // issues for a held Pix, and must never mint over).
    await voucherMint(shop.stack.pol, testAccount("card-elsewhere"), [46]);
    await eventually(
      async () => (await tokenView(46)).isMinted,
      () => "the other chain's mint was not indexed",
    );
    shop.relay.release();
    const minted = await shop.waitState(order.orderId, "minted");
    assert.deepEqual([minted.refundedTokenIds, minted.refundedCents], [[46], fixtureCardPrice(46)]);
    assert.equal(await ownerOn(shop.stack.eth, 45), shop.stack.eth.custody.address);
    assert.equal(await ownerOn(shop.stack.eth, 46), undefined, "never minted on the primary chain");
    const refund = await refundOf(order.orderId);
    assert.deepEqual([refund.amount, refund.payment_intent], [fixtureCardPrice(46), intentIdOf(order.clientSecret)]);
  });

  it("refunds an order whose Pix cannot be minted within the tries allowed (minting paused meanwhile)", async () => {
    const eth = shop.stack.eth;
    const setMinting = async (active: boolean): Promise<void> => {
      const hash = await eth.clients.walletClient.writeContract({ address: eth.address, abi: pixlingsAbi, functionName: "setMintingActive", args: [active] });
      await eth.clients.publicClient.waitForTransactionReceipt({ hash });
    };
    const order = await shop.place(unluckyJar, [47]);
    shop.relay.hold();
    await shop.pay(order);
    await setMinting(false);
    try {
      shop.relay.release();
      const refunded = await shop.waitState(order.orderId, "refunded");
      assert.match(refunded.reason ?? "", /Pix #47 could not be minted after 3 tries: refunded/);
      assert.deepEqual([refunded.refundedTokenIds, refunded.refundedCents], [[47], order.amount]);
      assert.equal((await liveHolds(order.orderId)).length, 0, "the Pix is buyable again");
    } finally {
      await setMinting(true);
      await waitCaughtUp(shop.stack.indexer, [eth]);
    }
    assert.equal(await ownerOn(eth, 47), undefined);
  });

  it("caps a buyer's unpaid card Pix at 10, and their card Pix (in checkout, paid or minted) at 10, as a wallet's", async () => {
    const order = await shop.place(bigJar, [60, 61, 62, 63, 64, 65, 66, 67, 68, 69]);
    assert.equal((await expectStatus(await shop.checkout(bigJar, [70]), 409)).code, "unpaid_cap");
    await shop.pay(order);
    await eventually(
      async () => (await shop.orderOf(order.orderId)).state !== "created",
      () => "the payment was not applied",
    );
    const body = await expectStatus(await shop.checkout(bigJar, [70]), 409);
    assert.equal(body.code, "wallet_cap");
    assert.equal((await db().select().from(reservations).where(eq(reservations.tokenId, 70))).length, 0);
  });

  describe("Mint to Wallet", () => {
    const toWallet = (who: Jar, id: number, walletAddress: string) => postJson(who, `/api/owner/pixlings/${id}/mint-to-wallet`, { walletAddress });

    it("is the card buyer's alone, to a wallet linked to them", async () => {
      await expectStatus(await toWallet(otherJar, 31, other.address), 403, /card buyer/);
      await expectStatus(await toWallet(jar, 31, other.address), 403, /not linked to your account/);
      await expectStatus(await toWallet(jar, 32, "0x1234"), 400);
      assert.equal(await ownerOn(shop.stack.eth, 31), shop.stack.eth.custody.address);
    });

    it("moves the Pix from custody to the buyer's wallet once; the Pix is then wallet-owned", async () => {
      const first = await expectStatus(await toWallet(jar, 31, buyer.address), 200);
      assert.equal(first.status === "pending" || first.status === "confirmed", true, JSON.stringify(first));
      assert.match(String(first.txHash), /^0x[0-9a-f]{64}$/);
      await eventually(
        async () => (await ownerOn(shop.stack.eth, 31)) === buyer.address,
        () => "not transferred",
      );
      const again = await expectStatus(await toWallet(jar, 31, buyer.address), 200);
      assert.equal(again.txHash, first.txHash, "asking again answers the same transfer");
      await expectStatus(await toWallet(jar, 31, other.address), 409);
      await eventually(
        async () => (await tokenView(31)).ownerType === "wallet",
        async () => `Pix #31 shows ${JSON.stringify(await tokenView(31))}`,
      );
      assert.equal((await tokenView(31)).walletOwner, buyer.address);
      const mine = (await expectStatus(await jar.fetch("/api/owner/pixlings"), 200)) as unknown as OwnerPixlings;
      assert.deepEqual([mine.cardPurchases.map((p) => p.tokenId), mine.walletOwned.map((p) => p.tokenId)], [[32, 33, 34], [31]]);
    });
  });
});
