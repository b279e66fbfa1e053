// Card holds that cost an attacker something, through the real API on real chains and Ponder, the
// real Stripe SDK against the local stand-in: an unpaid order holds its ids only for the unpaid
// hold (short here), then its PaymentIntent is cancelled and the ids cool down for its account and
// its client; a card waiting for 3D Secure keeps the hold; a decline does not; a changed cart never
// lengthens a hold; throwaway accounts from one client meet the client's cap.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { and, eq, isNull } from "drizzle-orm";
import type { LocalAccount } from "viem";
import type { CheckoutResponse } from "@pixlings/shared/http/checkout";
import { intentIdOf, startCardShop, type CardShop } from "@pixlings/test-kit/cardShop";
import { eventually, testAccount } from "@pixlings/test-kit/indexer";
import { stripeClient, stripeFailure } from "@pixlings/test-kit/localStripe";
import { expectStatus, type Jar } from "@pixlings/test-kit/saleStack";
import { signIn } from "@pixlings/test-kit/signIn";
import { reservations } from "../db/tables/reservations.ts";
import { users, userWallets } from "../db/tables/accounts.ts";
import { EXPIRED_REASON } from "../sale/expiredReason.ts";
import { SUPERSEDED_REASON } from "../sale/reserveCardOrder.ts";

/** Seconds an unpaid order holds its ids here (the default, 300, is asserted by readCardConfig.test.ts). */
const UNPAID = 10;
/** The order's whole time (startCardShop's CARD_RESERVATION_TTL_SECONDS). */
const ORDER = 600;
const from = (ip: string): Record<string, string> => ({ "x-forwarded-for": ip });

describe("card holds", () => {
  let shop: CardShop;
  const db = () => shop.api.database.db;
  const holdsOf = (orderId: string) => db().select().from(reservations).where(eq(reservations.orderId, orderId));
  const liveHolds = (orderId: string) =>
    db()
      .select()
      .from(reservations)
      .where(and(eq(reservations.orderId, orderId), isNull(reservations.releasedAt)));
  const sign = (who: LocalAccount, ip: string): Promise<Jar> => signIn(shop.api, who, 31337, from(ip));
  /** The stand-in's 3D Secure page, as the buyer completes it. */
  const authenticate = (order: CheckoutResponse, outcome: "complete" | "fail") =>
    stripeClient(shop.stripe.server, shop.stripe.publishableKey).rawRequest("POST", `/local/payment_intents/${intentIdOf(order.clientSecret)}/authenticate`, {
      outcome,
      client_secret: order.clientSecret,
    });

  before(async () => {
    shop = await startCardShop({
      env: { CARD_UNPAID_HOLD_SECONDS: String(UNPAID), RESERVATION_COOLDOWN_SECONDS: "600", RESERVATION_CLIENT_CAP: "12", API_TRUST_PROXY: "loopback" },
    });
  });
  after(async () => {
    await shop?.close();
  });

  it("ends an unpaid hold at its time: the PaymentIntent is cancelled, and neither the account (from any client) nor its client can hold the id again at once", async () => {
    const idler = testAccount("hold-idler");
    const [idlerJar, idlerElsewhere, neighbourJar, strangerJar] = await Promise.all([
      sign(idler, "198.51.100.20"),
      sign(idler, "198.51.100.21"),
      sign(testAccount("hold-neighbour"), "198.51.100.20"),
      sign(testAccount("hold-stranger"), "198.51.100.22"),
    ]);
    const order = await shop.place(idlerJar, [80, 81]);
    const placed = await shop.orderOf(order.orderId);
    const [hold] = await holdsOf(order.orderId);
    assert.ok(hold);
    const heldFor = (hold.holdUntil.getTime() - placed.createdAt.getTime()) / 1000;
    assert.ok(Math.abs(heldFor - UNPAID) < 1, `held ${heldFor} s, not ${UNPAID} s`);

    const expired = await shop.waitState(order.orderId, "expired", (UNPAID + 20) * 1000);
    assert.equal(expired.reason, EXPIRED_REASON);
    assert.ok(expired.updatedAt >= hold.holdUntil, "never before the hold's end");
    const intent = await shop.stripe.stripe.paymentIntents.retrieve(intentIdOf(order.clientSecret));
    assert.deepEqual([intent.status, intent.cancellation_reason], ["canceled", "abandoned"]);
    assert.deepEqual(
      (await holdsOf(order.orderId)).map((row) => row.releaseReason),
      ["expired", "expired"],
    );
    const again = await expectStatus(await shop.checkout(idlerJar, [80]), 429, /^Your checkout for Pix #80 expired unused: you can reserve it again after/);
    assert.equal(again.code, "cooldown");
    assert.equal((await expectStatus(await shop.checkout(idlerElsewhere, [81]), 429)).code, "cooldown", "same account, another client");
    assert.equal((await expectStatus(await shop.checkout(neighbourJar, [80]), 429)).code, "cooldown", "same client, another account");
    await shop.place(strangerJar, [80, 81]);
  });

  it("keeps the hold of a card waiting for the bank's 3D Secure check past the unpaid hold, until the order's time; completed, it is paid", async () => {
    const jar = await sign(testAccount("hold-3ds"), "198.51.100.30");
    const order = await shop.place(jar, [82]);
    const placed = await shop.orderOf(order.orderId);
    const confirmed = await shop.stripe.stripe.paymentIntents.confirm(intentIdOf(order.clientSecret), { payment_method: "pm_card_authenticationRequired" });
    assert.equal(confirmed.status, "requires_action");
    const orderEnds = placed.createdAt.getTime() + ORDER * 1000;
    await eventually(
      async () => (await liveHolds(order.orderId))[0]?.holdUntil.getTime() === orderEnds,
      async () => `the hold was not extended to the order's time: ${JSON.stringify(await holdsOf(order.orderId))}`,
      (UNPAID + 20) * 1000,
    );
    assert.equal((await shop.orderOf(order.orderId)).state, "created");
    await authenticate(order, "complete");
    await shop.waitState(order.orderId, "minted");
  });

  it("does not extend the hold for a declined card: the order ends at the unpaid hold's time and a card can no longer pay it", async () => {
    const jar = await sign(testAccount("hold-decliner"), "198.51.100.31");
    const order = await shop.place(jar, [83]);
    await assert.rejects(shop.pay(order, "pm_card_chargeDeclined"));
    await eventually(
      async () => /declined/.test((await shop.orderOf(order.orderId)).reason ?? ""),
      () => "the decline was not recorded",
    );
    assert.equal((await liveHolds(order.orderId)).length, 1, "still held after the decline");
    await shop.waitState(order.orderId, "expired", (UNPAID + 20) * 1000);
    assert.equal((await stripeFailure(shop.pay(order))).code, "payment_intent_unexpected_state");
  });

  it("replaces the buyer's own order when the cart changes, never lengthening the hold; a dropped id cools down", async () => {
    const jar = await sign(testAccount("hold-changer"), "198.51.100.32");
    const first = await shop.place(jar, [84, 85]);
    const [firstHold] = await holdsOf(first.orderId);
    const second = await shop.place(jar, [84, 86]);
    assert.notEqual(second.orderId, first.orderId);
    const replaced = await shop.orderOf(first.orderId);
    assert.deepEqual([replaced.state, replaced.reason], ["expired", SUPERSEDED_REASON]);
    const secondHolds = await liveHolds(second.orderId);
    assert.deepEqual(
      secondHolds.map((row) => [row.tokenId, row.holdUntil.getTime()]).sort(),
      [
        [84, firstHold!.holdUntil.getTime()],
        [86, firstHold!.holdUntil.getTime()],
      ],
      "the new order ends with the first one's hold",
    );
    assert.equal((await expectStatus(await shop.checkout(jar, [85]), 429)).code, "cooldown", "the id dropped from the cart");
    await eventually(
      async () => (await shop.stripe.stripe.paymentIntents.retrieve(intentIdOf(first.clientSecret))).status === "canceled",
      () => "the replaced order's PaymentIntent was not cancelled",
    );
    assert.equal((await stripeFailure(shop.pay(first))).code, "payment_intent_unexpected_state");
  });

  it("hands the client secret only to the order's buyer while it waits, and the receipt once paid: card, email, prices", async () => {
    const buyer = testAccount("hold-receipt");
    const [jar, otherJar] = await Promise.all([sign(buyer, "198.51.100.50"), sign(testAccount("hold-snoop"), "198.51.100.51")]);
    const [wallet] = await db().select().from(userWallets).where(eq(userWallets.address, buyer.address));
    assert.ok(wallet);
    // What Google sign-in stores (a verified email only).
    await db().update(users).set({ email: "receipt@pixlings.test" }).where(eq(users.id, wallet.userId));
    const order = await shop.place(jar, [110, 111]);
    const payment = await expectStatus(await jar.fetch(`/api/card-orders/${order.orderId}/payment`), 200);
    assert.equal(payment.clientSecret, order.clientSecret);
    assert.equal(payment.heldUntil, (await liveHolds(order.orderId))[0]?.holdUntil.toISOString());
    await expectStatus(await otherJar.fetch(`/api/card-orders/${order.orderId}/payment`), 404);
    await expectStatus(await otherJar.fetch(`/api/card-orders/${order.orderId}/receipt`), 404);
    await expectStatus(await jar.fetch(`/api/card-orders/${order.orderId}/receipt`), 409);
    const intent = await shop.stripe.stripe.paymentIntents.retrieve(intentIdOf(order.clientSecret));
    assert.equal(intent.receipt_email, "receipt@pixlings.test");
    await shop.pay(order);
    await eventually(
      async () => (await shop.orderOf(order.orderId)).state !== "created",
      () => "the payment was not applied",
    );
    await expectStatus(await jar.fetch(`/api/card-orders/${order.orderId}/payment`), 409, /no longer waits for a payment/);
    const receipt = await expectStatus(await jar.fetch(`/api/card-orders/${order.orderId}/receipt`), 200);
    const placed = await shop.orderOf(order.orderId);
    assert.deepEqual(receipt, {
      orderId: order.orderId,
      createdAt: placed.createdAt.toISOString(),
      items: [
        { tokenId: 110, cents: placed.tokenCents[0] },
        { tokenId: 111, cents: placed.tokenCents[1] },
      ],
      amount: order.amount,
      refundedAmount: 0,
      card: { brand: "visa", last4: "4242" },
      receiptEmail: "receipt@pixlings.test",
    });
  });

  it("caps one account's ids in unpaid card orders at 10 (409 unpaid_cap), and throwaway accounts of one client at the client's cap", async () => {
    const [first, second] = await Promise.all([sign(testAccount("hold-throwaway-1"), "198.51.100.40"), sign(testAccount("hold-throwaway-2"), "198.51.100.40")]);
    await shop.place(first, [90, 91, 92, 93, 94, 95]);
    await shop.place(first, [96, 97, 98, 99]);
    const capped = await expectStatus(await shop.checkout(first, [100]), 409, /^At most 10 Pix may wait for a card payment per buyer; 10 of yours do/);
    assert.deepEqual([capped.code, capped.limit, capped.reserved], ["unpaid_cap", 10, 10]);
    await shop.place(second, [101, 102]);
    const client = await expectStatus(await shop.checkout(second, [103]), 409);
    assert.deepEqual([client.code, client.limit, client.reserved], ["client_cap", 12, 12]);
    assert.equal((await db().select().from(reservations).where(eq(reservations.tokenId, 103))).length, 0);
  });
});
