// "Download my data" and "Delete my account" on the card shop (real chains, Ponder, the Stripe
// stand-in) over Postgres: the export holds the user's rows and no one else's; deletion refuses
// while the account would lose something, removes what it says and keeps what it says; and a
// purchase racing the deletion (row locks queued in a known order) either wins and blocks it, or
// loses and holds nothing.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { AccountExport } from "@pixlings/shared/http/account";
import type { Nft } from "@pixlings/shared/http/nfts";
import type { MintAuthorization } from "@pixlings/shared/http/sale";
import { startCardShop, type CardShop } from "@pixlings/test-kit/cardShop";
import { eventually, mine, testAccount } from "@pixlings/test-kit/indexer";
import { skipPostgres, startPostgres, type TestPostgres } from "@pixlings/test-kit/postgres";
import { queueBehindRowLock } from "@pixlings/test-kit/rowLockQueue";
import { authorize, expectStatus, fund, sendMint, type Jar } from "@pixlings/test-kit/saleStack";
import { signIn } from "@pixlings/test-kit/signIn";
import { hasPgErrorCode, PG_ERROR } from "../db/pgErrorCode.ts";
import { cardOrders } from "../db/tables/cardOrders.ts";
import { reservations } from "../db/tables/reservations.ts";
import { sessions, users, userWallets } from "../db/tables/accounts.ts";

const bob = testAccount("account-bob");
const alice = testAccount("account-alice");
const carol = testAccount("account-carol");
const dave = testAccount("account-dave");
const erin = testAccount("account-erin");
const BOB_PIX = 30;

describe("account data: export and deletion", { skip: skipPostgres() && "PIXLINGS_SKIP_POSTGRES=1" }, () => {
  let pg: TestPostgres;
  let shop: CardShop;
  const db = () => shop.api.database.db;
  const userIdOf = async (address: string): Promise<number> =>
    (await db().select({ id: userWallets.userId }).from(userWallets).where(eq(userWallets.address, address)))[0]?.id ?? assert.fail(`no account of ${address}`);
  const exported = async (jar: Jar): Promise<AccountExport> => {
    const res = await jar.fetch("/api/account/export");
    assert.equal(res.status, 200, await res.clone().text());
    assert.match(res.headers.get("content-disposition") ?? "", /^attachment; filename="pixlings-account-\d{4}-\d{2}-\d{2}\.json"$/);
    assert.equal(res.headers.get("cache-control"), "no-store");
    return (await res.json()) as AccountExport;
  };
  const remove = (jar: Jar, body: unknown = { confirm: true }): Promise<Response> =>
    jar.fetch("/api/account", { method: "DELETE", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const tokenView = async (id: number): Promise<Nft> => (await expectStatus(await fetch(`${shop.api.url}/api/nfts/token/${id}`), 200)) as unknown as Nft;
  /**
   * Every live hold of a minted Pix ends once its mint is on a final block (Ponder counts 30 on a
   * local chain); sales reopen once the indexer has every block mined (the next test buys).
   */
  const settle = async (): Promise<void> => {
    await mine(shop.stack.eth, 70);
    await eventually(
      async () => (await db().select().from(reservations).where(isNull(reservations.releasedAt))).length === 0,
      () => "holds still live",
      60_000,
    );
    await shop.salesOpen();
  };

  before(async () => {
    pg = await startPostgres();
    shop = await startCardShop({ env: { DATABASE_URL: pg.url } });
    await fund(shop.stack, [bob], "100");
  });
  after(async () => {
    await shop?.close();
    await pg?.stop();
  });

  it("exports the signed-in user's own rows only", async () => {
    const bobJar = await signIn(shop.api, bob);
    const auth = (await expectStatus(await authorize(bobJar, [BOB_PIX], shop.stack.eth.chainId), 200)) as unknown as MintAuthorization;
    await sendMint(shop.stack.eth, bob, auth);
    await eventually(
      async () => (await tokenView(BOB_PIX)).walletOwner === bob.address,
      () => `Pix #${BOB_PIX} not Bob's yet`,
    );
    await expectStatus(
      await bobJar.fetch(`/api/owner/pixlings/${BOB_PIX}`, {
        method: "PATCH",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ customName: "Bob's sunrise" }),
      }),
      200,
    );
    const aliceJar = await signIn(shop.api, alice);
    const order = await shop.place(aliceJar, [31]);
    await shop.pay(order);
    await shop.waitState(order.orderId, "minted", 60_000);

    const mine_ = await exported(bobJar);
    assert.equal(mine_.account.id, await userIdOf(bob.address));
    assert.deepEqual(
      mine_.wallets.map((w) => w.address),
      [bob.address],
    );
    assert.ok(mine_.sessions.some((s) => s.thisSession && s.signedInWith === "wallet" && s.walletAddress === bob.address));
    assert.deepEqual(
      mine_.reservations.map((r) => [r.tokenId, r.walletAddress, r.clientAddress !== ""]),
      [[BOB_PIX, bob.address, true]],
    );
    assert.deepEqual(mine_.stories, [{ tokenId: BOB_PIX, customName: "Bob's sunrise", customDescription: null }]);
    assert.deepEqual(mine_.orders, []);
    const text = JSON.stringify(mine_);
    for (const foreign of [alice.address, order.orderId, '"tokenId":31']) assert.ok(!text.includes(foreign), `Bob's export names ${foreign}`);

    const hers = await exported(aliceJar);
    assert.deepEqual(
      hers.orders.map((o) => [o.id, o.state, o.tokenIds, o.source]),
      [[order.orderId, "minted", [31], "card"]],
    );
    assert.deepEqual(hers.stories, []);
    assert.ok(!JSON.stringify(hers).includes(bob.address));
    assert.equal((await fetch(`${shop.api.url}/api/account/export`)).status, 401);
  });

  it("refuses to delete an account while it holds Pix for a purchase, has an order under way, or Pix in custody", async () => {
    const aliceJar = await signIn(shop.api, alice);
    const unpaid = await shop.place(aliceJar, [32]);
    const held = await expectStatus(await remove(aliceJar), 409);
    assert.equal(held.code, "account_in_use");
    const reasons = (held.reasons as string[]).join(" | ");
    assert.match(reasons, /Pix (#31, )?#32 are reserved for a purchase of yours that is not final yet/);
    assert.match(reasons, /is still created/);
    assert.match(reasons, /Pix #31 are held for you in custody/);
    await shop.pay(unpaid);
    await shop.waitState(unpaid.orderId, "minted", 60_000);
    await settle();
    const custody = await expectStatus(await remove(aliceJar), 409);
    assert.deepEqual(custody.reasons, [
      'Pix #31, #32 are held for you in custody: move them to your wallet first (My Pixlings, "Mint to Wallet"), or they would be lost',
    ]);
    assert.equal((await aliceJar.fetch("/api/auth/user")).status, 200, "nothing deleted");
  });

  it("deletes: signs out everywhere, unlinks the wallets, clears the stories, empties the account; keeps the orders and the sale's records", async () => {
    const bobId = await userIdOf(bob.address);
    const bobJar = await signIn(shop.api, bob);
    const otherBrowser = await signIn(shop.api, bob);
    await expectStatus(await remove(bobJar, {}), 400, /confirm/);
    await expectStatus(await remove(bobJar, { confirm: "yes" }), 400, /confirm/);
    const res = await remove(bobJar);
    assert.equal(res.status, 200, await res.clone().text());
    assert.match(res.headers.get("set-cookie") ?? "", /pixlings_session=;.*Max-Age=0/);
    assert.equal((await otherBrowser.fetch("/api/auth/user")).status, 401, "every session ended");

    const [row] = await db().select().from(users).where(eq(users.id, bobId));
    assert.deepEqual(row && [row.email, row.firstName, row.googleSub, row.pictureUrl, row.deletedAt instanceof Date], [null, null, null, null, true]);
    assert.equal((await db().select().from(userWallets).where(eq(userWallets.userId, bobId))).length, 0);
    assert.equal((await db().select().from(sessions).where(eq(sessions.userId, bobId))).length, 0);
    const kept = await db().select().from(reservations).where(eq(reservations.userId, bobId));
    assert.deepEqual(
      kept.map((r) => [r.tokenId, r.clientKey]),
      [[BOB_PIX, ""]],
      "the sale's record stays, without the IP address",
    );
    await eventually(
      async () => (await tokenView(BOB_PIX)).customName === null,
      () => "the story is still shown",
    );
    assert.equal((await tokenView(BOB_PIX)).walletOwner, bob.address, "the chain's facts stay");

    // The same wallet signs in to a new, empty account.
    const again = await signIn(shop.api, bob);
    const fresh = await exported(again);
    assert.notEqual(fresh.account.id, bobId);
    assert.deepEqual([fresh.reservations, fresh.stories, fresh.orders], [[], [], []]);
    // Nothing can be added to the deleted one, by any path.
    await assert.rejects(
      db().execute(sql`insert into sessions (id, user_id, expires_at, signed_in_with) values ('late', ${bobId}, now() + interval '1 hour', 'wallet')`),
      (error: unknown) => hasPgErrorCode(error, PG_ERROR.accountDeleted),
    );
  });

  it("keeps a settled card order, pointing at the emptied account", async () => {
    const carolJar = await signIn(shop.api, carol);
    const order = await shop.place(carolJar, [34]);
    await db().update(reservations).set({ holdUntil: sql`now() - interval '1 second'` }).where(eq(reservations.orderId, order.orderId));
    await shop.waitState(order.orderId, "expired");
    const carolId = await userIdOf(carol.address);
    await expectStatus(await remove(carolJar), 200);
    const [kept] = await db().select().from(cardOrders).where(eq(cardOrders.id, order.orderId));
    assert.deepEqual(kept && [kept.userId, kept.state, kept.tokenIds], [carolId, "expired", [34]]);
  });

  it("a purchase racing the deletion: first in line, it holds its Pix and the deletion is refused; second, it is refused and holds nothing", async () => {
    for (const [who, purchaseFirst] of [
      [dave, true],
      [erin, false],
    ] as const) {
      const jar = await signIn(shop.api, who);
      const id = await userIdOf(who.address);
      const tokenId = purchaseFirst ? 35 : 36;
      const purchase = () => shop.checkout(jar, [tokenId]).then((res) => res.status);
      const deletion = () => remove(jar).then((res) => res.status);
      const [first, second] = await queueBehindRowLock(
        db(),
        sql`select 1 from users where id = ${id} for update`,
        purchaseFirst ? [purchase, deletion] : [deletion, purchase],
      );
      const liveHolds = await db()
        .select()
        .from(reservations)
        .where(and(eq(reservations.tokenId, tokenId), isNull(reservations.releasedAt)));
      if (purchaseFirst) {
        assert.deepEqual([first, second], [200, 409]);
        assert.equal(liveHolds.length, 1);
      } else {
        assert.deepEqual([first, second], [200, 401], "the deletion, then the purchase");
        assert.equal(liveHolds.length, 0);
        assert.equal((await db().select().from(cardOrders).where(eq(cardOrders.userId, id))).length, 0);
      }
    }
  });
});
