// reserveTokens on PGlite and on a real Postgres 15 (a pool of 10 connections, so concurrent
// requests really run at once there): caps and per-id uniqueness hold under races.
import assert from "node:assert/strict";
import { it } from "node:test";
import { and, eq, isNull } from "drizzle-orm";
import { reservations } from "../db/tables/reservations.ts";
import { users as users_ } from "../db/tables/accounts.ts";
import { HttpError } from "../http/HttpError.ts";
import { describeOnApiDatabases } from "@pixlings/test-kit/apiDatabase";
import { reserveRequestsFor } from "@pixlings/test-kit/reserveRequests";
import { reserveTokens, unreserve } from "./reserveTokens.ts";
import { releaseSettled } from "./releaseReservations.ts";

const ids = (from: number, count: number): number[] => Array.from({ length: count }, (_, i) => from + i);

/** The 409 a rejected reservation carries: its code and extra fields. */
function conflictOf(result: PromiseSettledResult<unknown>, status = 409): Record<string, unknown> {
  assert.equal(result.status, "rejected");
  const error = (result as PromiseRejectedResult).reason as unknown;
  assert.ok(error instanceof HttpError, String(error));
  assert.equal(error.status, status, error.message);
  return { ...error.details, message: error.message };
}

describeOnApiDatabases("reserveTokens", (database) => {
  const now = Date.now();
  const { addressOf, request } = reserveRequestsFor(() => database().db, "", now);
  const liveOf = (label: string) => {
    const { db } = database();
    return db
      .select()
      .from(reservations)
      .where(and(isNull(reservations.releasedAt), eq(reservations.address, addressOf(label))));
  };

  it("lets one of several addresses racing for one id win; the others get 409 reserved, never an error", async () => {
    const { db } = database();
    const racers = await Promise.all(["a", "b", "c", "d", "e"].map((label) => request(`race-${label}`, [7, 8])));
    const results = await Promise.allSettled(racers.map((r) => reserveTokens(db, r)));
    assert.equal(results.filter((r) => r.status === "fulfilled").length, 1, JSON.stringify(results));
    for (const lost of results.filter((r) => r.status === "rejected")) {
      const body = conflictOf(lost);
      assert.equal(body.code, "reserved");
      assert.equal(body.reservedUntil, new Date(now + 360_000).toISOString());
      assert.match(String(body.message), /^Pix #7 is reserved until \d\d:\d\d:\d\d UTC$/);
    }
    const rows = await db.select().from(reservations).where(isNull(reservations.releasedAt));
    assert.deepEqual(rows.map((r) => r.tokenId).sort(), [7, 8]);
  });

  it("answers 401 when the buyer's account is gone (merged away by a wallet move) and reserves nothing", async () => {
    const { db } = database();
    const gone = await request("merged-away", [40]);
    await db.delete(users_).where(eq(users_.id, gone.userId));
    conflictOf((await Promise.allSettled([reserveTokens(db, gone)]))[0] as PromiseSettledResult<unknown>, 401);
    assert.deepEqual(await liveOf("merged-away"), []);
  });

  it("keeps one address at 10 reserved ids when its requests run at once", async () => {
    const { db } = database();
    const [first, second] = await Promise.all([request("cap", ids(100, 6)), request("cap", ids(200, 6))]);
    const results = await Promise.allSettled([reserveTokens(db, first), reserveTokens(db, second)]);
    assert.equal(results.filter((r) => r.status === "fulfilled").length, 1);
    assert.equal(conflictOf(results.find((r) => r.status === "rejected") as PromiseSettledResult<Date>).code, "reservation_cap");
    assert.equal((await liveOf("cap")).length, 6);
  });

  it("counts owned Pix and reserved ids against the wallet cap, minted reserved ids only once", async () => {
    const { db } = database();
    await reserveTokens(db, await request("wallet", ids(300, 4)));
    const over = await Promise.allSettled([reserveTokens(db, await request("wallet", ids(310, 3), { minted: 4 }))]);
    const body = conflictOf(over[0] as PromiseSettledResult<Date>);
    assert.deepEqual([body.code, body.minted, body.reserved], ["wallet_cap", 4, 4]);
    // Two of the reserved ids are minted by now (to this wallet): they count once.
    await reserveTokens(db, await request("wallet", ids(310, 2), { minted: 6, mintedIds: new Set([300, 301]) }));
    assert.equal((await liveOf("wallet")).length, 6);
  });

  it("renews an address's own ids on the same chain, only ever extending; refuses them on another chain", async () => {
    const { db } = database();
    const later = new Date(now + 900_000);
    assert.deepEqual((await reserveTokens(db, await request("renew", [400], { holdUntil: later }))).holdUntil, later);
    const renewed = await reserveTokens(db, await request("renew", [400, 401]));
    assert.deepEqual(renewed.holdUntil, later, "an earlier holdUntil never shortens a hold");
    assert.equal(renewed.insertedIds.length, 1, "401 is new, 400 renewed");
    const rows = await liveOf("renew");
    assert.deepEqual(rows.map((r) => [r.tokenId, r.holdUntil.getTime()]).sort(), [
      [400, later.getTime()],
      [401, now + 360_000],
    ]);
    const other = await Promise.allSettled([reserveTokens(db, await request("renew", [401], { chainId: 31338 }))]);
    assert.equal(conflictOf(other[0] as PromiseSettledResult<Date>).code, "reserved");
  });

  it("caps one client at its limit whatever the number of addresses, also when they race", async () => {
    const { db } = database();
    const limits = { perClient: 25, maxRenewals: 3, cooldownSeconds: 600 };
    // 12 fresh addresses from one client, each asking for 5 ids at once: 60 asked, 25 allowed.
    const asks = await Promise.all(
      Array.from({ length: 12 }, (_, i) => request(`flood-${i}`, ids(1000 + i * 5, 5), { clientKey: "2001:db8:1:2::/64", limits })),
    );
    const results = await Promise.allSettled(asks.map((r) => reserveTokens(db, r)));
    assert.equal(results.filter((r) => r.status === "fulfilled").length, 5);
    for (const lost of results.filter((r) => r.status === "rejected")) assert.equal(conflictOf(lost).code, "client_cap");
    const held = await db
      .select()
      .from(reservations)
      .where(and(isNull(reservations.releasedAt), eq(reservations.clientKey, "2001:db8:1:2::/64")));
    assert.equal(held.length, 25);
    // Another client is not affected.
    await reserveTokens(db, await request("flood-other", ids(1100, 5), { clientKey: "2001:db8:1:3::/64", limits }));
  });

  it("limits renewals of one hold", async () => {
    const { db } = database();
    const limits = { perClient: 100, maxRenewals: 2, cooldownSeconds: 600 };
    const ask = await request("renewer", [500], { limits });
    await reserveTokens(db, ask);
    await reserveTokens(db, ask);
    await reserveTokens(db, ask);
    const worn = await Promise.allSettled([reserveTokens(db, ask)]);
    const body = conflictOf(worn[0] as PromiseSettledResult<unknown>);
    assert.equal(body.code, "renewal_limit");
    assert.match(String(body.message), /^Pix #500 had its voucher renewed 2 times/);
  });

  it("keeps ids of a voucher that expired unused away from its address and client for the cool-down", async () => {
    const { db } = database();
    const ask = await request("idler", [600, 601], { clientKey: "198.51.100.9" });
    await reserveTokens(db, ask);
    // The chain is finalized past the hold: released as expired.
    const status = {
      chainId: 31337,
      latest: { number: 100, timestamp: now / 1000 + 400 },
      finalized: { number: 90, timestamp: now / 1000 + 400 },
      mintingActive: true,
    };
    assert.ok((await releaseSettled(db, async () => ({ statuses: [status], minted: [] }))) >= 2);
    const again = await Promise.allSettled([reserveTokens(db, await request("idler", [601]))]);
    const body = conflictOf(again[0] as PromiseSettledResult<unknown>, 429);
    assert.equal(body.code, "cooldown");
    assert.ok(Number(body.retryAfter) > 590);
    const sameClient = await Promise.allSettled([reserveTokens(db, await request("idler-2", [600], { clientKey: "198.51.100.9" }))]);
    assert.equal(conflictOf(sameClient[0] as PromiseSettledResult<unknown>, 429).code, "cooldown");
    // Somebody else may have them at once, and the idler may take other ids.
    await reserveTokens(db, await request("stranger", [600, 601]));
    await reserveTokens(db, await request("idler", [602]));
  });

  it("releases a minted hold only once its mint is final, an unused one only past the hold on finalized time", async () => {
    const { db } = database();
    await reserveTokens(db, await request("finality", [700], { chainId: 31338 }));
    await reserveTokens(db, await request("finality-2", [701], { chainId: 31338 }));
    const minted = async () => [{ chainId: 31338, tokenId: 700, mintedBlock: 50 }];
    const at = (finalizedNumber: number, finalizedSeconds: number) => ({
      chainId: 31338,
      latest: { number: 80, timestamp: now / 1000 + 1000 },
      finalized: { number: finalizedNumber, timestamp: finalizedSeconds },
      mintingActive: true,
    });
    const live = async (id: number) =>
      (
        await db
          .select()
          .from(reservations)
          .where(and(eq(reservations.tokenId, id), isNull(reservations.releasedAt)))
      ).length;
    // Mint indexed but not final, holds not over on finalized time: nothing moves.
    assert.equal(await releaseSettled(db, async () => ({ statuses: [at(49, now / 1000 + 100)], minted: await minted() })), 0);
    // Another chain's progress frees nothing here.
    assert.equal(await releaseSettled(db, async () => ({ statuses: [{ ...at(60, now / 1000 + 100), chainId: 31337 }], minted: await minted() })), 0);
    assert.equal(await live(700), 1);
    assert.equal(await releaseSettled(db, async () => ({ statuses: [at(50, now / 1000 + 100)], minted: await minted() })), 1);
    assert.equal(await live(700), 0);
    assert.equal(await live(701), 1);
    assert.equal(await releaseSettled(db, async () => ({ statuses: [at(50, now / 1000 + 361)], minted: await minted() })), 1);
    const [row] = await db.select().from(reservations).where(eq(reservations.tokenId, 701));
    assert.equal(row?.releaseReason, "expired");
  });

  it("takes back only what it inserted", async () => {
    const { db } = database();
    const first = await reserveTokens(db, await request("undo", [800]));
    const second = await reserveTokens(db, await request("undo", [800, 801]));
    await unreserve(db, second.insertedIds);
    const rows = await liveOf("undo");
    assert.deepEqual(
      rows.map((r) => r.tokenId),
      [800],
    );
    assert.equal(first.insertedIds.length, 1);
  });
});
