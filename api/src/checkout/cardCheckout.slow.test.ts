// Card checkout end to end: the real API over real anvil chains and Ponder, the real Stripe SDK
// against the local stand-in, which delivers signed webhooks to the API.
import assert from "node:assert/strict";
import { createServer } from "node:net";
import { after, before, describe, it } from "node:test";
import { and, eq, isNull } from "drizzle-orm";
import { isArtistId } from "@pixlings/shared/collection";
import { STRIPE_WEBHOOK_PATH } from "@pixlings/shared/defaults";
import type { TestApi } from "@pixlings/test-kit/api";
import { eventually, mine, testAccount, waitCaughtUp } from "@pixlings/test-kit/indexer";
import { startTestStripe, type TestStripe } from "@pixlings/test-kit/localStripe";
import { authorize, expectStatus, fund, postJson, startSaleStack, type Jar, type SaleStack } from "@pixlings/test-kit/saleStack";
import { signIn } from "@pixlings/test-kit/signIn";
import { cardOrders, reservations, stripeEvents } from "../db/schema.ts";
import { CARD_PRICE_CENTS } from "./cardPrices.ts";

const buyer = testAccount("card-buyer");
const cryptoBuyer = testAccount("card-race-crypto");
const lateBuyer = testAccount("card-late");
const bigBuyer = testAccount("card-cap");

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe("card checkout", () => {
  let stack: SaleStack;
  let api: TestApi;
  let stripe: TestStripe;
  let jar: Jar;
  let cryptoJar: Jar;
  let lateJar: Jar;
  let bigJar: Jar;

  const orderOf = async (orderId: string): Promise<typeof cardOrders.$inferSelect> => {
    const [order] = await api.database.db.select().from(cardOrders).where(eq(cardOrders.id, orderId));
    return order ?? assert.fail(`no order ${orderId}`);
  };
  const liveHolds = (orderId: string) =>
    api.database.db
      .select()
      .from(reservations)
      .where(and(eq(reservations.orderId, orderId), isNull(reservations.releasedAt)));
  // The fixture art's tiers (test-kit/artFixtures.ts): Artist pieces by id, Common otherwise.
  const priceOf = async (id: number): Promise<number> => CARD_PRICE_CENTS[isArtistId(id) ? "Artist" : "Common"];
  const checkout = async (tokenIds: number[], totalAmount?: number, who: Jar = jar): Promise<Response> => {
    let total = totalAmount;
    if (total === undefined) total = (await Promise.all(tokenIds.map(priceOf))).reduce((a, b) => a + b, 0);
    return postJson(who, "/api/cart/checkout", { tokenIds, paymentMethod: "card", totalAmount: total });
  };
  const placed = async (tokenIds: number[], who: Jar = jar): Promise<{ clientSecret: string; orderId: string; amount: number }> =>
    (await expectStatus(await checkout(tokenIds, undefined, who), 200)) as { clientSecret: string; orderId: string; amount: number };
  const intentId = (clientSecret: string): string => clientSecret.split("_secret_")[0] ?? assert.fail("bad client secret");
  const waitState = (orderId: string, state: string): Promise<void> =>
    eventually(
      async () => (await orderOf(orderId)).state === state,
      async () => `order ${orderId} is ${(await orderOf(orderId)).state}, not ${state}`,
    );

  before(async () => {
    stack = await startSaleStack();
    await fund(stack, [cryptoBuyer], "100");
    const port = await freePort();
    stripe = await startTestStripe({ webhookUrls: [`http://127.0.0.1:${port}${STRIPE_WEBHOOK_PATH}`] });
    api = await stack.startApi({
      API_PORT: String(port),
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_PUBLISHABLE_KEY: stripe.publishableKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_URL: stripe.server.url,
      CARD_RESERVATION_TTL_SECONDS: "600",
      RESERVATION_COOLDOWN_SECONDS: "0",
    });
    jar = await signIn(api, buyer);
    cryptoJar = await signIn(api, cryptoBuyer);
    lateJar = await signIn(api, lateBuyer);
    bigJar = await signIn(api, bigBuyer);
  });
  after(async () => {
    await stack?.close();
    await stripe?.close();
  });

  it("answers 401 to a signed-out buyer on both routes, and reserves nothing", async () => {
    const out = (path: string, body: unknown) =>
      fetch(`${api.url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    await expectStatus(await out("/api/cart/checkout", { tokenIds: [20], paymentMethod: "card", totalAmount: 3500 }), 401);
    await expectStatus(await out("/api/create-payment-intent", { tokenId: 20, amount: 3500 }), 401);
    assert.equal((await api.database.db.select().from(reservations).where(eq(reservations.tokenId, 20))).length, 0);
  });

  it("refuses bad bodies with 400", async () => {
    await expectStatus(await postJson(jar, "/api/cart/checkout", { tokenIds: [20, 20], paymentMethod: "card", totalAmount: 7000 }), 400);
    await expectStatus(await postJson(jar, "/api/cart/checkout", { tokenIds: [20], paymentMethod: "crypto", totalAmount: 3500 }), 400);
    await expectStatus(await postJson(jar, "/api/create-payment-intent", { tokenId: 20, amount: 35.5 }), 400);
    await expectStatus(await postJson(jar, "/api/create-payment-intent", { tokenId: 0, amount: 3500 }), 400);
  });

  it("charges the server's card total: the PaymentIntent carries the order id and exactly that amount", async () => {
    const ids = [20, 21, 5];
    const expected = (await Promise.all(ids.map(priceOf))).reduce((a, b) => a + b, 0);
    const answer = await placed(ids);
    assert.equal(answer.amount, expected);
    const intent = await stripe.stripe.paymentIntents.retrieve(intentId(answer.clientSecret));
    assert.equal(intent.amount, expected);
    assert.equal(intent.currency, "usd");
    assert.equal(intent.metadata.orderId, answer.orderId);
    const order = await orderOf(answer.orderId);
    assert.equal(order.state, "created");
    assert.equal(order.paymentIntentId, intent.id);
    assert.deepEqual((await liveHolds(answer.orderId)).map((r) => r.tokenId).sort(), [20, 21, 5].sort());
    // One Pix through the single-Pix route.
    const single = (await expectStatus(await postJson(jar, "/api/create-payment-intent", { tokenId: 22, amount: await priceOf(22) }), 200)) as {
      clientSecret: string;
    };
    assert.equal((await stripe.stripe.paymentIntents.retrieve(intentId(single.clientSecret))).amount, await priceOf(22));
  });

  it("answers 409 with the current total to a stale one, charging and reserving nothing", async () => {
    const right = await priceOf(30);
    const body = await expectStatus(await checkout([30], right + 1), 409);
    assert.equal(body.code, "stale_total");
    assert.equal(body.totalAmount, right);
    assert.equal((await api.database.db.select().from(reservations).where(eq(reservations.tokenId, 30))).length, 0);
  });

  it("pays an order from a verified webhook; forged and unsigned webhooks answer 400 and change nothing", async () => {
    const order = await placed([31]);
    const forged = JSON.stringify({
      id: "evt_forged",
      type: "payment_intent.succeeded",
      data: { object: { id: intentId(order.clientSecret), object: "payment_intent", metadata: { orderId: order.orderId }, amount_received: order.amount } },
    });
    const post = (headers: Record<string, string>) =>
      fetch(`${api.url}${STRIPE_WEBHOOK_PATH}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: forged });
    await expectStatus(await post({}), 400);
    await expectStatus(await post({ "stripe-signature": `t=${Math.floor(Date.now() / 1000)},v1=${"0".repeat(64)}` }), 400);
    const wrongSecret = stripe.stripe.webhooks.generateTestHeaderString({ payload: forged, secret: "whsec_not_ours" });
    await expectStatus(await post({ "stripe-signature": wrongSecret }), 400);
    assert.equal((await orderOf(order.orderId)).state, "created");
    assert.equal((await api.database.db.select().from(stripeEvents).where(eq(stripeEvents.id, "evt_forged"))).length, 0);
    await stripe.stripe.paymentIntents.confirm(intentId(order.clientSecret), { payment_method: "pm_card_visa" });
    await waitState(order.orderId, "paid");
    assert.deepEqual(
      (await liveHolds(order.orderId)).map((r) => r.tokenId),
      [31],
      "a paid order keeps its ids until minted",
    );
  });

  it("applies a repeated event id once", async () => {
    const order = await placed([32]);
    const id = intentId(order.clientSecret);
    await stripe.stripe.paymentIntents.confirm(id, { payment_method: "pm_card_visa" });
    await waitState(order.orderId, "paid");
    const [event] = (await stripe.stripe.events.list({ type: "payment_intent.succeeded" })).data.filter((e) => (e.data.object as { id: string }).id === id);
    assert.ok(event);
    const payload = JSON.stringify(event);
    const again = await fetch(`${api.url}${STRIPE_WEBHOOK_PATH}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "stripe-signature": stripe.stripe.webhooks.generateTestHeaderString({ payload, secret: stripe.webhookSecret }),
      },
      body: payload,
    });
    assert.equal(((await expectStatus(again, 200)) as { outcome: string }).outcome, "duplicate");
    assert.equal((await orderOf(order.orderId)).state, "paid");
  });

  it("releases the ids of a declined payment: the Pix is buyable again", async () => {
    const order = await placed([33]);
    await assert.rejects(stripe.stripe.paymentIntents.confirm(intentId(order.clientSecret), { payment_method: "pm_card_chargeDeclined" }));
    await waitState(order.orderId, "failed");
    assert.match((await orderOf(order.orderId)).reason ?? "", /declined/i);
    assert.equal((await liveHolds(order.orderId)).length, 0);
    await expectStatus(await authorize(cryptoJar, [33], stack.eth.chainId), 200);
  });

  it("lets exactly one of a card buyer and a crypto buyer racing for one id reserve it", async () => {
    for (const id of [40, 41, 42, 43]) {
      const price = await priceOf(id);
      const [card, crypto] = await Promise.all([checkout([id], price), authorize(cryptoJar, [id], id % 2 === 0 ? stack.eth.chainId : stack.pol.chainId)]);
      assert.deepEqual([card.status, crypto.status].sort(), [200, 409], `Pix #${id}: card ${card.status}, crypto ${crypto.status}`);
      const loser = await expectStatus(card.status === 409 ? card : crypto, 409);
      assert.equal(loser.code, "reserved");
      const live = await api.database.db
        .select()
        .from(reservations)
        .where(and(eq(reservations.tokenId, id), isNull(reservations.releasedAt)));
      assert.equal(live.length, 1);
    }
  });

  it("caps a buyer's card Pix (in checkout, paid or minted) at 10, as a wallet's", async () => {
    await placed([60, 61, 62, 63, 64, 65, 66, 67, 68, 69], bigJar);
    const body = await expectStatus(await checkout([70], undefined, bigJar), 409);
    assert.equal(body.code, "wallet_cap");
    assert.equal((await api.database.db.select().from(reservations).where(eq(reservations.tokenId, 70))).length, 0);
  });

  it("refunds a payment that succeeds after its reservation expired, and says why", async () => {
    const order = await placed([50], lateJar);
    // Chain time past the hold, finalized and indexed: the sweeper releases it (chain time decides).
    await stack.eth.test.increaseTime({ seconds: 700 });
    await mine(stack.eth, 70);
    await waitCaughtUp(stack.indexer, [stack.eth]);
    await eventually(
      async () => (await liveHolds(order.orderId)).length === 0,
      () => "the card hold was not released",
    );
    await stripe.stripe.paymentIntents.confirm(intentId(order.clientSecret), { payment_method: "pm_card_visa" });
    await waitState(order.orderId, "refunded");
    const refunded = await orderOf(order.orderId);
    assert.match(refunded.reason ?? "", /Pix #50 was no longer reserved/);
    const refund = await stripe.stripe.refunds.retrieve(refunded.refundId ?? assert.fail("no refund id"));
    assert.equal(refund.amount, order.amount);
    assert.equal(refund.payment_intent, intentId(order.clientSecret));
  });
});
