// A dispute event that lands while the order's payment check is between reading Stripe and writing
// what it read: the check must run again, or the order keeps a freeze Stripe no longer has. The
// race is made to happen every time with a row lock (test-kit/src/rowLockQueue.ts): Postgres only.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { and, eq, sql } from "drizzle-orm";
import type Stripe from "stripe";
import { intentIdOf, startCardShop, type CardShop } from "@pixlings/test-kit/cardShop";
import { eventually, testAccount } from "@pixlings/test-kit/indexer";
import { skipPostgres, startPostgres, type TestPostgres } from "@pixlings/test-kit/postgres";
import { queueBehindRowLock } from "@pixlings/test-kit/rowLockQueue";
import { signIn } from "@pixlings/test-kit/signIn";
import { deliverSigned } from "@pixlings/test-kit/stripeEvents";
import { orderJobs } from "../db/tables/orderJobs.ts";

describe("a payment check racing a dispute event", { skip: skipPostgres() && "PIXLINGS_SKIP_POSTGRES=1: row locks need Postgres" }, () => {
  let pg: TestPostgres;
  let shop: CardShop;

  before(async () => {
    pg = await startPostgres();
    shop = await startCardShop({ env: { DATABASE_URL: pg.url, FULFILMENT_RETRY_MS: "50" } });
  });
  after(async () => {
    await shop?.close();
    await pg?.stop();
  });

  it("runs the check again for an event that came while it was reading Stripe: a dispute won in between unfreezes", async () => {
    const db = shop.api.database.db;
    const jar = await signIn(shop.api, testAccount("race-buyer"));
    const order = await shop.place(jar, [20]);
    await shop.pay(order, "pm_card_createDispute");
    const settled = async (frozen: boolean) => {
      await eventually(
        async () => {
          const row = await shop.orderOf(order.orderId);
          return row.state === "minted" && row.paymentEventsChecked >= row.paymentEvents && (row.frozenReason !== null) === frozen;
        },
        async () => `order: ${JSON.stringify(await shop.orderOf(order.orderId))}`,
      );
    };
    // Minted once its custody mint is final (the card shop mines the blocks that make it so).
    await shop.waitState(order.orderId, "minted");
    await settled(true);
    const [dispute] = (await shop.stripe.stripe.disputes.list({ payment_intent: intentIdOf(order.clientSecret) })).data as [Stripe.Dispute];
    shop.relay.hold();
    try {
      const answers = await queueBehindRowLock<number | undefined>(db, sql`select 1 from card_orders where id = ${order.orderId} for update`, [
        // A check runs (as an earlier event queued it): it reads Stripe (the dispute open), then waits for the order.
        async () => {
          await db
            .update(orderJobs)
            .set({ state: "queued", runAfter: sql`now()` })
            .where(and(eq(orderJobs.orderId, order.orderId), eq(orderJobs.kind, "payment_check")));
          return undefined;
        },
        // Meanwhile the shop wins the dispute, and Stripe's event for it waits for the order too.
        async () => {
          await shop.stripe.stripe.disputes.update(dispute.id, { evidence: { uncategorized_text: "winning_evidence" } });
          const { data } = await shop.stripe.stripe.events.list({ type: "charge.dispute.closed", limit: 10 });
          const closed = data.find((event) => (event.data.object as Stripe.Dispute).id === dispute.id) ?? assert.fail("no charge.dispute.closed");
          return (await deliverSigned(shop, closed)).status;
        },
      ]);
      assert.equal(answers[1], 200);
    } finally {
      shop.relay.release();
    }
    await settled(false);
    assert.equal((await shop.orderOf(order.orderId)).disputeStatus, "won");
  });
});
