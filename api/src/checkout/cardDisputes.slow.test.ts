// Disputes, refunds made outside the shop and early fraud warnings of card payments, as Stripe's
// test mode makes them happen (the local stand-in's dispute and fraud-warning test cards, its
// dispute evidence and refunds API, through the real SDK): the order frozen, Mint to Wallet refused
// while it is, before and after the mint, events repeated, reordered and forged.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { and, eq, isNull } from "drizzle-orm";
import type Stripe from "stripe";
import type { CheckoutResponse, FrozenOrder, ReleaseFrozenOrderResponse } from "@pixlings/shared/http/checkout";
import type { OwnerPixlings } from "@pixlings/shared/http/owners";
import { fixtureCardPrice, intentIdOf, startCardShop, type CardShop } from "@pixlings/test-kit/cardShop";
import { eventually, testAccount } from "@pixlings/test-kit/indexer";
import { googleSignIn, startTestLocalGoogle } from "@pixlings/test-kit/localGoogle";
import type { LocalGoogle } from "@pixlings/local-google/startLocalGoogle";
import { authorize, expectStatus, fund, ownerOn, postJson, type Jar } from "@pixlings/test-kit/saleStack";
import { signIn } from "@pixlings/test-kit/signIn";
import { deliverSigned, forgedEvent } from "@pixlings/test-kit/stripeEvents";
import { orderJobs } from "../db/tables/orderJobs.ts";
import { reservations } from "../db/tables/reservations.ts";

/** Where the local Google stand-in sends the admin back (only its path is followed, on the API's own origin). */
const SITE = "http://pixlings.test:5173";
const DISPUTE_CARD = "pm_card_createDispute";
const FRAUD_WARNING_CARD = "pm_card_createIssuerFraudRecord";
const buyer = testAccount("dispute-buyer");
const cryptoBuyer = testAccount("dispute-crypto");
/** A buyer of their own for the releases (the first one is near the 10 Pix per buyer). */
const reviewedBuyer = testAccount("dispute-reviewed");

describe("disputes, outside refunds and fraud warnings freeze card orders", () => {
  let shop: CardShop;
  let google: LocalGoogle;
  let jar: Jar;
  let cryptoJar: Jar;
  let adminJar: Jar;
  let reviewedJar: Jar;

  const stripe = () => shop.stripe.stripe;
  const toWallet = (id: number, as = { jar, address: buyer.address }) =>
    postJson(as.jar, `/api/owner/pixlings/${id}/mint-to-wallet`, { walletAddress: as.address });
  const disputeOf = async (order: CheckoutResponse): Promise<Stripe.Dispute> => {
    const { data } = await stripe().disputes.list({ payment_intent: intentIdOf(order.clientSecret) });
    return data[0] ?? assert.fail("no dispute");
  };
  /** The order once its freeze is as expected (null: not frozen) and no payment check is pending. */
  const waitFrozen = async (orderId: string, reason: RegExp | null) => {
    await eventually(
      async () => {
        const order = await shop.orderOf(orderId);
        const settled = order.paymentEventsChecked >= order.paymentEvents;
        return settled && (reason === null ? order.frozenReason === null : reason.test(order.frozenReason ?? ""));
      },
      async () => `order ${orderId}: ${JSON.stringify(await shop.orderOf(orderId))}`,
    );
    return shop.orderOf(orderId);
  };
  /** A paid order minted to custody and shown as the buyer's card Pix (what Mint to Wallet needs). */
  const mintedAndShown = async (order: CheckoutResponse, ids: number[], as = jar) => {
    await shop.waitState(order.orderId, "minted");
    await eventually(
      async () => {
        const mine = (await expectStatus(await as.fetch("/api/owner/pixlings"), 200)) as unknown as OwnerPixlings;
        return ids.every((id) => mine.cardPurchases.some((pix) => pix.tokenId === id));
      },
      () => `Pix ${ids.join(", ")} not shown as the buyer's`,
    );
  };
  const cardPix = async (id: number) => {
    const mine = (await expectStatus(await jar.fetch("/api/owner/pixlings"), 200)) as unknown as OwnerPixlings;
    return mine.cardPurchases.find((pix) => pix.tokenId === id) ?? assert.fail(`Pix #${id} not in custody for the buyer`);
  };
  const refusedFrozen = async (id: number, forGood: boolean, reason: RegExp, as = { jar, address: buyer.address }) => {
    const body = await expectStatus(await toWallet(id, as), 409, new RegExp(`Pix #${id} cannot be moved to a wallet`));
    assert.deepEqual([body.code, body.forGood], ["frozen", forGood]);
    assert.match(String(body.reason), reason);
    assert.equal(await ownerOn(shop.stack.eth, id), shop.stack.eth.custody.address, "still in custody");
  };
  /** Stripe's own events of the order's payment, oldest first. */
  const eventsOf = async (order: CheckoutResponse): Promise<Stripe.Event[]> => {
    const intentId = intentIdOf(order.clientSecret);
    const { data } = await stripe().events.list({ limit: 100 });
    return data
      .filter((event) => {
        const object = event.data.object as { id: string; payment_intent?: string };
        return object.id === intentId || object.payment_intent === intentId;
      })
      .reverse();
  };

  before(async () => {
    const local = await startTestLocalGoogle(SITE);
    google = local.google;
    shop = await startCardShop({
      env: { ...local.env, OIDC_REDIRECT_URI: `${SITE}/api/auth/google/callback`, ADMIN_EMAILS: "admin@pixlings.test", FULFILMENT_RETRY_MS: "50" },
    });
    await fund(shop.stack, [cryptoBuyer], "100");
    jar = await signIn(shop.api, buyer);
    cryptoJar = await signIn(shop.api, cryptoBuyer);
    adminJar = (await googleSignIn(shop.api.url, { account: "admin" })).jar;
    reviewedJar = await signIn(shop.api, reviewedBuyer);
  });
  after(async () => {
    await shop?.close();
    await google?.close();
  });

  it("freezes the order of a disputed payment, refuses Mint to Wallet until the shop wins the dispute, then lets the Pix move", async () => {
    const order = await shop.place(jar, [20]);
    await shop.pay(order, DISPUTE_CARD);
    await mintedAndShown(order, [20]);
    const frozen = await waitFrozen(order.orderId, /^The card payment is disputed \(fraudulent\): these Pix stay in custody until the dispute is decided$/);
    assert.deepEqual([frozen.disputeStatus, frozen.frozenForGood], ["needs_response", false]);
    assert.deepEqual((await cardPix(20)).frozen, { reason: frozen.frozenReason, forGood: false });
    await refusedFrozen(20, false, /disputed/);
    const listed = (await expectStatus(await adminJar.fetch("/api/admin/frozen-orders"), 200)) as unknown as FrozenOrder[];
    const row = listed.find((entry) => entry.orderId === order.orderId) ?? assert.fail("not in the admin's list");
    assert.deepEqual(
      [row.frozen?.reason, row.frozen?.forGood, row.dispute?.status, row.tokenIds, row.buyer.userId],
      [frozen.frozenReason, false, "needs_response", [20], frozen.userId],
    );
    await stripe().disputes.update((await disputeOf(order)).id, { evidence: { uncategorized_text: "winning_evidence" } });
    const won = await waitFrozen(order.orderId, null);
    assert.equal(won.disputeStatus, "won");
    assert.equal((await cardPix(20)).frozen, null);
    await expectStatus(await toWallet(20), 200);
    await eventually(
      async () => (await ownerOn(shop.stack.eth, 20)) === buyer.address,
      () => "not transferred",
    );
  });

  it("keeps a lost dispute's Pix frozen for good", async () => {
    const order = await shop.place(jar, [21]);
    await shop.pay(order, DISPUTE_CARD);
    await mintedAndShown(order, [21]);
    await waitFrozen(order.orderId, /disputed/);
    await stripe().disputes.update((await disputeOf(order)).id, { evidence: { uncategorized_text: "losing_evidence" } });
    const lost = await waitFrozen(order.orderId, /went against the shop: these Pix stay in custody for good$/);
    assert.deepEqual([lost.disputeStatus, lost.frozenForGood], ["lost", true]);
    await refusedFrozen(21, true, /for good/);
  });

  it("mints nothing for a payment whose dispute was lost before the mint, and frees its ids", async () => {
    const order = await shop.place(jar, [22]);
    shop.relay.hold();
    try {
      await shop.pay(order, DISPUTE_CARD);
      await stripe().disputes.close((await disputeOf(order)).id);
    } finally {
      shop.relay.release();
    }
    const refunded = await shop.waitState(order.orderId, "refunded");
    assert.match(refunded.reason ?? "", /dispute went against the shop before the Pix were minted: nothing was minted/);
    assert.deepEqual([refunded.refundedCents, refunded.refundId, refunded.frozenReason], [order.amount, null, null]);
    assert.equal(await ownerOn(shop.stack.eth, 22), undefined);
    await expectStatus(await authorize(cryptoJar, [22], shop.stack.pol.chainId), 200);
  });

  it("mints nothing for a payment refunded in full from the dashboard before its mint, and asks Stripe for no second refund", async () => {
    const order = await shop.place(jar, [23, 24]);
    shop.relay.hold();
    try {
      await shop.pay(order);
      await stripe().refunds.create({ payment_intent: intentIdOf(order.clientSecret) });
    } finally {
      shop.relay.release();
    }
    const refunded = await shop.waitState(order.orderId, "refunded");
    assert.match(refunded.reason ?? "", /^The payment was refunded in full outside the shop before the Pix were minted: nothing was minted$/);
    assert.deepEqual([refunded.refundedTokenIds, refunded.refundedCents], [[23, 24], order.amount]);
    const refundJobs = await shop.api.database.db
      .select()
      .from(orderJobs)
      .where(and(eq(orderJobs.orderId, order.orderId), eq(orderJobs.kind, "refund")));
    assert.deepEqual(refundJobs, []);
    for (const id of [23, 24]) assert.equal(await ownerOn(shop.stack.eth, id), undefined);
    const live = await shop.api.database.db
      .select()
      .from(reservations)
      .where(and(eq(reservations.orderId, order.orderId), isNull(reservations.releasedAt)));
    assert.deepEqual(live, []);
  });

  it("mints a payment refunded in part before its mint (what was charged still matches), frozen for review", async () => {
    const order = await shop.place(jar, [25]);
    shop.relay.hold();
    try {
      await shop.pay(order);
      await stripe().refunds.create({ payment_intent: intentIdOf(order.clientSecret), amount: 1000 });
    } finally {
      shop.relay.release();
    }
    await mintedAndShown(order, [25]);
    const frozen = await waitFrozen(order.orderId, /^\$10\.00 of the payment was refunded outside the shop/);
    assert.deepEqual([frozen.stripeRefundedCents, frozen.frozenForGood, frozen.refundedCents], [1000, false, 0]);
    await refusedFrozen(25, false, /refunded outside the shop/);
  });

  it("freezes for good a payment refunded in full after its mint, and for review one refunded in part", async () => {
    const full = await shop.place(jar, [26]);
    const part = await shop.place(jar, [27, 28]);
    await shop.pay(full);
    await shop.pay(part);
    await mintedAndShown(full, [26]);
    await mintedAndShown(part, [27, 28]);
    await stripe().refunds.create({ payment_intent: intentIdOf(full.clientSecret) });
    await stripe().refunds.create({ payment_intent: intentIdOf(part.clientSecret), amount: fixtureCardPrice(27) });
    await waitFrozen(full.orderId, /^The payment was refunded in full outside the shop: these Pix stay in custody for good$/);
    await refusedFrozen(26, true, /refunded in full/);
    await waitFrozen(part.orderId, /^\$35\.00 of the payment was refunded outside the shop/);
    for (const id of [27, 28]) await refusedFrozen(id, false, /refunded outside the shop/);
  });

  it("freezes the order of a payment its card's issuer warns of", async () => {
    const order = await shop.place(jar, [29]);
    await shop.pay(order, FRAUD_WARNING_CARD);
    await mintedAndShown(order, [29]);
    const frozen = await waitFrozen(order.orderId, /issuer warned that this payment may be fraudulent \(made with stolen card\)/);
    assert.match(frozen.fraudWarningId ?? "", /^issfr_/);
    await refusedFrozen(29, false, /fraudulent/);
  });

  it("ends the same whatever order the events come in, delivered twice each; a forged 'dispute won' lifts nothing", async () => {
    const won = await shop.place(jar, [30]);
    const open = await shop.place(jar, [31]);
    shop.relay.hold();
    try {
      await shop.pay(won, DISPUTE_CARD);
      await shop.pay(open, DISPUTE_CARD);
      await stripe().disputes.update((await disputeOf(won)).id, { evidence: { uncategorized_text: "winning_evidence" } });
      // Stripe's own events, newest first (closed before created), each twice: as a slow network would deliver them.
      const events = [...(await eventsOf(won)), ...(await eventsOf(open))].reverse();
      for (const event of events) {
        const first = await deliverSigned(shop, event);
        assert.equal(first.status, 200, event.type);
        assert.equal((await deliverSigned(shop, event)).outcome, "duplicate", event.type);
      }
    } finally {
      shop.relay.release();
    }
    await mintedAndShown(won, [30]);
    await mintedAndShown(open, [31]);
    await waitFrozen(won.orderId, null);
    await waitFrozen(open.orderId, /disputed/);
    // Someone with the webhook secret claims the open dispute was won: Stripe says otherwise.
    const dispute = await disputeOf(open);
    assert.equal((await deliverSigned(shop, forgedEvent("charge.dispute.closed", { ...dispute, status: "won" }))).status, 200);
    const still = await waitFrozen(open.orderId, /disputed/);
    assert.equal(still.disputeStatus, "needs_response");
    await refusedFrozen(31, false, /disputed/);
    await expectStatus(await toWallet(30), 200);
  });

  it("lets an admin release a reviewed fraud warning or outside refund (audited), never a dispute; a larger refund freezes again", async () => {
    const release = (j: Jar, order: CheckoutResponse) => postJson(j, `/api/admin/frozen-orders/${order.orderId}/release`, {});
    const reviewed = { jar: reviewedJar, address: reviewedBuyer.address };
    const warned = await shop.place(reviewedJar, [32]);
    const disputed = await shop.place(reviewedJar, [33]);
    const part = await shop.place(reviewedJar, [34]);
    await shop.pay(warned, FRAUD_WARNING_CARD);
    await shop.pay(disputed, DISPUTE_CARD);
    await shop.pay(part);
    for (const [order, ids] of [
      [warned, [32]],
      [disputed, [33]],
      [part, [34]],
    ] as const)
      await mintedAndShown(order, [...ids], reviewedJar);
    await stripe().refunds.create({ payment_intent: intentIdOf(part.clientSecret), amount: 500 });
    await waitFrozen(warned.orderId, /fraudulent/);
    await waitFrozen(disputed.orderId, /disputed/);
    await waitFrozen(part.orderId, /^\$5\.00 of the payment was refunded outside the shop/);
    const listed = (await expectStatus(await adminJar.fetch("/api/admin/frozen-orders"), 200)) as unknown as FrozenOrder[];
    const releasable = (order: CheckoutResponse) => listed.find((o) => o.orderId === order.orderId)?.frozen?.releasable;
    assert.deepEqual([releasable(warned), releasable(disputed), releasable(part)], [true, false, true]);

    // The buyer cannot release their own order; a dispute is the issuer's to decide.
    await expectStatus(await release(reviewedJar, warned), 403);
    const refused = await expectStatus(await release(adminJar, disputed), 409, /disputed: the card's issuer decides/);
    assert.deepEqual([refused.code, refused.cause], ["not_releasable", "disputed"]);

    const done = (await expectStatus(await release(adminJar, warned), 200)) as unknown as ReleaseFrozenOrderResponse;
    assert.equal(done.order.frozen, null);
    assert.match(done.message, /Pix #32 may move to the buyer's wallet/);
    await expectStatus(await release(adminJar, warned), 409, /is not frozen/);
    await expectStatus(await toWallet(32, reviewed), 200);
    const audit = (await expectStatus(await adminJar.fetch("/api/admin/audit-log"), 200)) as unknown as { action: string; detail: string | null }[];
    assert.ok(
      audit.some((entry) => entry.action === "card_order.release" && entry.detail?.includes(warned.orderId)),
      "the release is audited",
    );

    await expectStatus(await release(adminJar, part), 200);
    assert.equal((await shop.orderOf(part.orderId)).frozenReason, null);
    // Another refund made outside the shop after the review: frozen again, for what is new.
    await stripe().refunds.create({ payment_intent: intentIdOf(part.clientSecret), amount: 300 });
    await waitFrozen(part.orderId, /^\$8\.00 of the payment was refunded outside the shop/);
    await refusedFrozen(34, false, /refunded outside the shop/, reviewed);
  });
});
