// A card payment checked at the source before its Pix are minted, and the cooling-off before Mint
// to Wallet: the real API over anvil chains and Ponder, the real Stripe SDK against the local
// stand-in (reached by the API through a gate a test can shut), signed events posted as a leaked
// webhook secret would let anyone post them.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { CheckoutResponse } from "@pixlings/shared/http/checkout";
import type { OwnerPixlings } from "@pixlings/shared/http/owners";
import { intentIdOf, startCardShop, type CardShop } from "@pixlings/test-kit/cardShop";
import { eventually, testAccount } from "@pixlings/test-kit/indexer";
import { stripeFailure } from "@pixlings/test-kit/localStripe";
import { authorize, expectStatus, fund, ownerOn, postJson, type Jar } from "@pixlings/test-kit/saleStack";
import { signIn } from "@pixlings/test-kit/signIn";
import { deliverSigned, forgedEvent } from "@pixlings/test-kit/stripeEvents";
import { cardOrders } from "../db/tables/cardOrders.ts";
import { orderJobs } from "../db/tables/orderJobs.ts";
import { reservations } from "../db/tables/reservations.ts";

/** The cooling-off of this shop: an hour. */
const HOLD_SECONDS = 3600;
const buyer = testAccount("check-buyer");
const cryptoBuyer = testAccount("check-crypto");

describe("card payments checked with Stripe before the mint; the cooling-off before Mint to Wallet", () => {
  let shop: CardShop;
  let jar: Jar;
  let cryptoJar: Jar;

  const db = () => shop.api.database.db;
  const liveHolds = (orderId: string) =>
    db()
      .select()
      .from(reservations)
      .where(and(eq(reservations.orderId, orderId), isNull(reservations.releasedAt)));
  const jobsOf = (orderId: string, kind: "mint" | "refund" | "cancel") =>
    db()
      .select()
      .from(orderJobs)
      .where(and(eq(orderJobs.orderId, orderId), eq(orderJobs.kind, kind)));
  /** The order's PaymentIntent as Stripe has it now, with what a `payment_intent.succeeded` event would claim of it. */
  const forgedSuccess = async (order: CheckoutResponse, over: Record<string, unknown> = {}) => {
    const intent = await shop.stripe.stripe.paymentIntents.retrieve(intentIdOf(order.clientSecret));
    return forgedEvent("payment_intent.succeeded", { ...intent, status: "succeeded", amount_received: order.amount, ...over });
  };
  const refundOf = async (orderId: string) => {
    await eventually(
      async () => (await shop.orderOf(orderId)).refundId !== null,
      () => `no refund asked of Stripe for order ${orderId}`,
    );
    return shop.stripe.stripe.refunds.retrieve((await shop.orderOf(orderId)).refundId!);
  };
  const toWallet = (id: number) => postJson(jar, `/api/owner/pixlings/${id}/mint-to-wallet`, { walletAddress: buyer.address });
  const custodyHolds = async (id: number): Promise<OwnerPixlings["cardPurchases"][number]> => {
    let found: OwnerPixlings["cardPurchases"][number] | undefined;
    await eventually(
      async () => {
        const mine = (await expectStatus(await jar.fetch("/api/owner/pixlings"), 200)) as unknown as OwnerPixlings;
        found = mine.cardPurchases.find((pix) => pix.tokenId === id);
        return found !== undefined;
      },
      () => `Pix #${id} is not among the buyer's card Pix`,
    );
    return found!;
  };

  before(async () => {
    // Quick tries (the default waits minutes), enough of them to see Stripe away for a while.
    shop = await startCardShop({
      gateStripe: true,
      env: { FULFILMENT_MAX_ATTEMPTS: "10", FULFILMENT_RETRY_MS: "50", CARD_TRANSFER_HOLD_SECONDS: String(HOLD_SECONDS) },
    });
    await fund(shop.stack, [cryptoBuyer], "100");
    jar = await signIn(shop.api, buyer);
    cryptoJar = await signIn(shop.api, cryptoBuyer);
  });
  after(async () => {
    await shop?.close();
  });

  it("mints nothing for a validly signed payment_intent.succeeded of an intent never paid: the order fails, its ids are free, the intent is cancelled", async () => {
    const order = await shop.place(jar, [20, 21]);
    // The webhook does not wait on Stripe: the event is taken, the order waits for the worker's check.
    assert.deepEqual(await deliverSigned(shop, await forgedSuccess(order)), { status: 200, outcome: "paid" });
    const failed = await shop.waitState(order.orderId, "failed");
    assert.match(failed.reason ?? "", /^Stripe has no completed payment for this order \(its status is requires_payment_method\): nothing was minted/);
    assert.match(failed.paymentProblem ?? "", /its status is requires_payment_method/);
    assert.equal(failed.paymentVerifiedAt, null);
    for (const id of [20, 21]) assert.equal(await ownerOn(shop.stack.eth, id), undefined, `Pix #${id} minted`);
    assert.deepEqual(
      (await jobsOf(order.orderId, "mint")).map((job) => [job.state, job.txHash]),
      [["done", null]],
    );
    assert.equal((await liveHolds(order.orderId)).length, 0);
    await expectStatus(await authorize(cryptoJar, [20], shop.stack.eth.chainId), 200);
    // The intent can no longer be paid for ids it lost.
    await eventually(
      async () => (await shop.stripe.stripe.paymentIntents.retrieve(intentIdOf(order.clientSecret))).status === "canceled",
      () => "the PaymentIntent was not cancelled",
    );
    assert.equal((await stripeFailure(shop.pay(order))).code, "payment_intent_unexpected_state");
  });

  it("refunds whole, and mints nothing for, a payment of another amount than the order's", async () => {
    const order = await shop.place(jar, [22]);
    await shop.stripe.stripe.paymentIntents.update(intentIdOf(order.clientSecret), { amount: order.amount + 100 });
    await shop.pay(order);
    const refunded = await shop.waitState(order.orderId, "refunded");
    assert.match(refunded.reason ?? "", /^The payment \(\$\d+\.\d\d\) did not match the order \(\$\d+\.\d\d\): it was refunded$/);
    const refund = await refundOf(order.orderId);
    assert.equal(refund.amount, order.amount + 100, "all of what was charged goes back");
    assert.equal(await ownerOn(shop.stack.eth, 22), undefined);
    assert.equal((await liveHolds(order.orderId)).length, 0);
  });

  it("refunds whole, and mints nothing for, a payment in another currency", async () => {
    const order = await shop.place(jar, [23]);
    await shop.stripe.stripe.paymentIntents.update(intentIdOf(order.clientSecret), { currency: "eur" });
    await shop.pay(order);
    const refunded = await shop.waitState(order.orderId, "refunded");
    assert.match(refunded.reason ?? "", /made in EUR, not USD/);
    assert.deepEqual([(await refundOf(order.orderId)).amount, (await refundOf(order.orderId)).currency], [order.amount, "eur"]);
    assert.equal(await ownerOn(shop.stack.eth, 23), undefined);
  });

  it("mints nothing when the paid intent names another order, and leaves that money alone", async () => {
    const order = await shop.place(jar, [24]);
    const intentId = intentIdOf(order.clientSecret);
    shop.relay.hold();
    try {
      await shop.stripe.stripe.paymentIntents.update(intentId, { metadata: { orderId: "00000000-0000-4000-8000-00000000beef" } });
      await shop.pay(order);
      // Stripe's own event names the other order; one that names this order is forged.
      assert.equal((await deliverSigned(shop, await forgedSuccess(order, { metadata: { orderId: order.orderId } }))).outcome, "paid");
      const failed = await shop.waitState(order.orderId, "failed");
      assert.match(
        failed.reason ?? "",
        /not for this order \(it names order 00000000-0000-4000-8000-00000000beef\): nothing was minted; the shop looks into this payment$/,
      );
    } finally {
      shop.relay.release();
    }
    assert.equal(await ownerOn(shop.stack.eth, 24), undefined);
    assert.deepEqual([(await jobsOf(order.orderId, "refund")).length, (await jobsOf(order.orderId, "cancel")).length], [0, 0]);
    assert.equal((await shop.stripe.stripe.paymentIntents.retrieve(intentId)).status, "succeeded", "not ours to cancel or refund");
  });

  it("retries the check while Stripe is away, never minting unchecked, and mints once Stripe answers", async () => {
    const order = await shop.place(jar, [25]);
    const gate = shop.stripeGate!;
    await gate.shut();
    try {
      await shop.pay(order);
      await shop.waitState(order.orderId, "paid");
      await eventually(
        async () => ((await jobsOf(order.orderId, "mint"))[0]?.attempts ?? 0) >= 2,
        async () => `the mint job is ${JSON.stringify(await jobsOf(order.orderId, "mint"))}`,
      );
      const [job] = await jobsOf(order.orderId, "mint");
      assert.match(job?.lastError ?? "", /^payment check: /);
      assert.deepEqual([(await shop.orderOf(order.orderId)).state, job?.txHash], ["paid", null]);
      assert.equal(await ownerOn(shop.stack.eth, 25), undefined);
    } finally {
      await gate.open();
    }
    const minted = await shop.waitState(order.orderId, "minted");
    assert.notEqual(minted.paymentVerifiedAt, null);
    assert.equal(await ownerOn(shop.stack.eth, 25), shop.stack.eth.custody.address);
  });

  it("checks a payment the expiry sweeper applies at once like any other: one of another amount is refunded whole", async () => {
    const order = await shop.place(jar, [26]);
    shop.relay.hold();
    try {
      await shop.stripe.stripe.paymentIntents.update(intentIdOf(order.clientSecret), { amount: order.amount + 250 });
      await shop.pay(order);
      await db()
        .update(reservations)
        .set({ holdUntil: sql`now() - interval '1 second'` })
        .where(and(eq(reservations.orderId, order.orderId), isNull(reservations.releasedAt)));
      await shop.waitState(order.orderId, "refunded");
      assert.equal((await refundOf(order.orderId)).amount, order.amount + 250);
    } finally {
      shop.relay.release();
    }
    assert.equal(await ownerOn(shop.stack.eth, 26), undefined);
  });

  it("holds a card Pix in custody for the cooling-off counted from its payment: 409 transfer_hold with its end, then it moves", async () => {
    const order = await shop.place(jar, [27]);
    await shop.pay(order);
    const minted = await shop.waitState(order.orderId, "minted");
    const until = new Date(minted.paidAt!.getTime() + HOLD_SECONDS * 1000).toISOString();
    const held = await custodyHolds(27);
    assert.deepEqual([held.source, held.transferableFrom, held.frozen], ["card", until, null]);
    const refused = await expectStatus(await toWallet(27), 409, /can move to your wallet from/);
    assert.deepEqual([refused.code, refused.until], ["transfer_hold", until]);
    assert.equal(await ownerOn(shop.stack.eth, 27), shop.stack.eth.custody.address);
    // The API's clock an hour later: the cooling-off is over.
    await db()
      .update(cardOrders)
      .set({ paidAt: sql`now() - ${`${HOLD_SECONDS + 1} seconds`}::interval` })
      .where(eq(cardOrders.id, order.orderId));
    await expectStatus(await toWallet(27), 200);
    await eventually(
      async () => (await ownerOn(shop.stack.eth, 27)) === buyer.address,
      () => "not transferred",
    );
  });
});
