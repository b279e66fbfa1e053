// pixlings_reserve_tokens (migration voucher_reserve), the one statement of a voucher's
// reservation: races made to happen every time on Postgres (each call queued past its read), and
// every refusal in its order on both databases.
import assert from "node:assert/strict";
import { it } from "node:test";
import { and, isNull, sql } from "drizzle-orm";
import { reservations } from "../db/tables/reservations.ts";
import { HttpError } from "../http/HttpError.ts";
import { describeOnApiDatabases } from "@pixlings/test-kit/apiDatabase";
import { queueBehindRowLock } from "@pixlings/test-kit/rowLockQueue";
import { reserveRequestsFor } from "@pixlings/test-kit/reserveRequests";
import { cardHoldAddress } from "./cardHoldAddress.ts";
import { reserveTokens, type ReserveRequest } from "./reserveTokens.ts";

/** What a call answered: "held", or the refusal's status, code and details. */
async function outcome(call: Promise<unknown>): Promise<Record<string, unknown>> {
  try {
    await call;
    return { held: true };
  } catch (error) {
    assert.ok(error instanceof HttpError, String(error));
    return { status: error.status, ...error.details, message: error.message };
  }
}

describeOnApiDatabases("pixlings_reserve_tokens", (database) => {
  const now = Date.now();
  const { request } = reserveRequestsFor(() => database().db, "statement-", now);
  const live = async (tokenId: number) => {
    const rows = await database()
      .db.select()
      .from(reservations)
      .where(and(isNull(reservations.releasedAt), sql`${reservations.tokenId} = ${tokenId}`));
    return rows;
  };
  /** Both calls read before either inserts: a share lock on the table holds every insert back until both wait on it. */
  const pastTheirReads = <T>(calls: readonly (() => Promise<T>)[]): Promise<T[]> =>
    queueBehindRowLock(database().db, sql`lock table reservations in share mode`, calls);

  it("lets one of two buyers who both read an id free hold it; the other gets 409 reserved naming the winner's hold", async (t) => {
    if (database().kind === "pglite") return t.skip("PGlite runs one statement at a time");
    const { db } = database();
    const [a, b] = await Promise.all([request("race-a", [9001]), request("race-b", [9001], { holdUntil: new Date(now + 999_000) })]);
    const results = await pastTheirReads([() => outcome(reserveTokens(db, a)), () => outcome(reserveTokens(db, b))]);
    assert.equal(results.filter((r) => r.held === true).length, 1, JSON.stringify(results));
    const [row, ...more] = await live(9001);
    assert.equal(more.length, 0);
    const lost = results.find((r) => r.held !== true);
    assert.equal(lost?.code, "reserved");
    assert.deepEqual(lost?.tokenIds, [9001]);
    assert.equal(lost?.reservedUntil, row?.holdUntil.toISOString());
  });

  it("reads a client's holds only once the client's earlier call has committed: two addresses of one client never both pass its cap", async (t) => {
    if (database().kind === "pglite") return t.skip("PGlite runs one statement at a time");
    const { db } = database();
    const limits = { perClient: 1, maxRenewals: 3, cooldownSeconds: 600 };
    const [a, b] = await Promise.all([
      request("client-a", [9011], { clientKey: "203.0.113.77", limits }),
      request("client-b", [9012], { clientKey: "203.0.113.77", limits }),
    ]);
    const results = await pastTheirReads([() => outcome(reserveTokens(db, a)), () => outcome(reserveTokens(db, b))]);
    assert.deepEqual(results[0], { held: true });
    assert.equal(results[1]?.code, "client_cap", JSON.stringify(results));
    assert.equal(results[1]?.reserved, 1);
    assert.equal((await live(9012)).length, 0);
  });

  it("refuses in order: reserved, then cooldown, then the client, reservation and wallet caps, then the renewal limit", async () => {
    const { db } = database();
    const limits = { perClient: 100, maxRenewals: 0, cooldownSeconds: 600 };
    const owner = await request("order", [9101], { limits });
    await reserveTokens(db, owner);
    await reserveTokens(db, await request("order-other", [9103]));
    // The owner's hold of 9102 ran out unused a minute ago.
    const releasedAt = new Date(Date.now() - 60_000);
    await db.insert(reservations).values({
      tokenId: 9102,
      address: owner.address,
      userId: owner.userId,
      clientKey: owner.clientKey,
      chainId: 31337,
      deadline: releasedAt,
      holdUntil: releasedAt,
      releasedAt,
      releaseReason: "expired",
    });
    const ask = (tokenIds: number[], extra: Partial<ReserveRequest> = {}) => outcome(reserveTokens(db, { ...owner, tokenIds, ...extra }));
    const reserved = await ask([9101, 9102, 9103]);
    assert.deepEqual([reserved.status, reserved.code, reserved.tokenIds], [409, "reserved", [9103]]);
    const asked = Date.now();
    const cooldown = await ask([9101, 9102], { limits: { ...limits, perClient: 1 } });
    const answered = Date.now();
    assert.deepEqual([cooldown.status, cooldown.code, cooldown.tokenIds], [429, "cooldown", [9102]]);
    assert.match(String(cooldown.message), /^Your voucher for Pix #9102 expired unused: you can reserve it again after \d\d:\d\d:\d\d UTC$/);
    // Until the release plus the cooldown, in whole seconds from when the call decided.
    const retryAfterAt = (at: number) => Math.ceil((releasedAt.getTime() + 600_000 - at) / 1000);
    assert.ok(Number(cooldown.retryAfter) >= retryAfterAt(answered) && Number(cooldown.retryAfter) <= retryAfterAt(asked), String(cooldown.retryAfter));
    const clientCap = await ask([9101, 9104], { limits: { ...limits, perClient: 1 }, minted: 9 });
    assert.deepEqual([clientCap.code, clientCap.limit, clientCap.reserved], ["client_cap", 1, 1]);
    assert.equal(clientCap.message, "Too many Pix are reserved from your network (1 of 1): mint or wait for them to expire");
    const reservationCap = await ask([9101, ...Array.from({ length: 10 }, (_, i) => 9110 + i)], { minted: 9 });
    assert.deepEqual([reservationCap.code, reservationCap.limit, reservationCap.reserved], ["reservation_cap", 10, 1]);
    const walletCap = await ask([9101, 9104], { minted: 9 });
    assert.deepEqual([walletCap.code, walletCap.limit, walletCap.minted, walletCap.reserved], ["wallet_cap", 10, 9, 1]);
    assert.equal(walletCap.message, "At most 10 Pix per wallet across chains: 9 minted to you and 1 reserved");
    // A held id the indexer shows minted counts once, as minted.
    assert.deepEqual(await ask([9104], { minted: 9, mintedIds: new Set([9101]) }), { held: true });
    const worn = await ask([9101, 9105]);
    assert.deepEqual([worn.code, worn.tokenIds, worn.reservedUntil], ["renewal_limit", [9101], new Date(now + 360_000).toISOString()]);
    assert.match(String(worn.message), /^Pix #9101 had its voucher renewed 0 times/);
    // Nothing a refusal met was held or renewed.
    assert.deepEqual(await live(9105), []);
    assert.equal((await live(9101))[0]?.renewals, 0);
  });

  it("counts a card hold the account let run out as a cooldown, worded as a checkout", async () => {
    const { db } = database();
    const buyer = await request("card-cooldown", [9201]);
    await db.insert(reservations).values({
      tokenId: 9201,
      address: cardHoldAddress("order-of-the-test"),
      userId: buyer.userId,
      clientKey: "elsewhere",
      chainId: 31337,
      deadline: new Date(now - 60_000),
      holdUntil: new Date(now - 30_000),
      releasedAt: new Date(now - 30_000),
      releaseReason: "expired",
    });
    const refused = await outcome(reserveTokens(db, buyer));
    assert.equal(refused.code, "cooldown");
    assert.match(String(refused.message), /^Your checkout for Pix #9201 expired unused/);
    // Without a cooldown the same id is free.
    assert.deepEqual(await outcome(reserveTokens(db, { ...buyer, limits: { ...buyer.limits, cooldownSeconds: 0 } })), { held: true });
  });

  it("renews and inserts in one call: the renewed hold's later end and only the new rows' ids", async () => {
    const { db } = database();
    const later = new Date(now + 900_000);
    await reserveTokens(db, await request("both", [9301], { holdUntil: later }));
    const both = await reserveTokens(db, await request("both", [9302, 9301]));
    assert.deepEqual(both.holdUntil, later);
    const [inserted] = await live(9302);
    assert.deepEqual(both.insertedIds, [inserted?.id]);
    assert.equal((await live(9301))[0]?.renewals, 1);
  });
});
