// reserveTokens on PGlite and on a real Postgres 15 (a pool of 10 connections, so concurrent
// requests really run at once there): caps and per-id uniqueness hold under races.
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { and, eq, isNull } from "drizzle-orm";
import { getAddress, keccak256, toHex, type Address } from "viem";
import { openDatabase, type Database, type OpenDatabaseParameters } from "../db/openDatabase.ts";
import { reservations } from "../db/schema.ts";
import { HttpError } from "../http/HttpError.ts";
import { migratedTemplate } from "../testing/migratedTemplate.ts";
import { startPostgres } from "../../../scripts/testing/start-postgres.ts";
import { findOrCreateWalletUser } from "../users/findOrCreateWalletUser.ts";
import { reserveTokens, type ReserveRequest } from "./reserveTokens.ts";

const addressOf = (label: string): Address => getAddress(keccak256(toHex(label)).slice(0, 42));
const ids = (from: number, count: number): number[] => Array.from({ length: count }, (_, i) => from + i);

/** The 409 a rejected reservation carries: its code and extra fields. */
function conflictOf(result: PromiseSettledResult<Date>): Record<string, unknown> {
  assert.equal(result.status, "rejected");
  const error = (result as PromiseRejectedResult).reason as unknown;
  assert.ok(error instanceof HttpError, String(error));
  assert.equal(error.status, 409, error.message);
  return { ...error.details, message: error.message };
}

function reserveTests(name: string, open: () => Promise<{ params: OpenDatabaseParameters; cleanup: () => Promise<void> }>): void {
  describe(`reserveTokens on ${name}`, () => {
    let database: Database;
    let cleanup: () => Promise<void>;
    const users = new Map<Address, number>();
    const now = Date.now();
    const request = async (label: string, tokenIds: number[], extra: Partial<ReserveRequest> = {}): Promise<ReserveRequest> => {
      const address = addressOf(label);
      if (!users.has(address)) users.set(address, (await findOrCreateWalletUser(database.db, address)).id);
      return {
        userId: users.get(address) ?? 0,
        address,
        chainId: 31337,
        tokenIds,
        deadline: new Date(now + 300_000),
        holdUntil: new Date(now + 360_000),
        owned: 0,
        mintedIds: new Set(),
        ...extra,
      };
    };
    const liveOf = (label: string) =>
      database.db.select().from(reservations).where(and(isNull(reservations.releasedAt), eq(reservations.address, addressOf(label))));

    before(async () => {
      const opened = await open();
      cleanup = opened.cleanup;
      database = await openDatabase(opened.params);
    });
    after(async () => {
      await database?.close();
      await cleanup?.();
    });

    it("lets one of several addresses racing for one id win; the others get 409 reserved, never an error", async () => {
      const racers = await Promise.all(["a", "b", "c", "d", "e"].map((label) => request(`race-${label}`, [7, 8])));
      const results = await Promise.allSettled(racers.map((r) => reserveTokens(database.db, r)));
      assert.equal(results.filter((r) => r.status === "fulfilled").length, 1, JSON.stringify(results));
      for (const lost of results.filter((r) => r.status === "rejected")) {
        const body = conflictOf(lost);
        assert.equal(body.code, "reserved");
        assert.equal(body.reservedUntil, new Date(now + 360_000).toISOString());
        assert.match(String(body.message), /^Pix #7 is reserved until \d\d:\d\d:\d\d UTC$/);
      }
      const rows = await database.db.select().from(reservations).where(isNull(reservations.releasedAt));
      assert.deepEqual(rows.map((r) => r.tokenId).sort(), [7, 8]);
    });

    it("keeps one address at 10 reserved ids when its requests run at once", async () => {
      const [first, second] = await Promise.all([request("cap", ids(100, 6)), request("cap", ids(200, 6))]);
      const results = await Promise.allSettled([reserveTokens(database.db, first), reserveTokens(database.db, second)]);
      assert.equal(results.filter((r) => r.status === "fulfilled").length, 1);
      assert.equal(conflictOf(results.find((r) => r.status === "rejected") as PromiseSettledResult<Date>).code, "reservation_cap");
      assert.equal((await liveOf("cap")).length, 6);
    });

    it("counts owned Pix and reserved ids against the wallet cap, minted reserved ids only once", async () => {
      await reserveTokens(database.db, await request("wallet", ids(300, 4)));
      const over = await Promise.allSettled([reserveTokens(database.db, await request("wallet", ids(310, 3), { owned: 4 }))]);
      const body = conflictOf(over[0] as PromiseSettledResult<Date>);
      assert.deepEqual([body.code, body.owned, body.reserved], ["wallet_cap", 4, 4]);
      // Two of the reserved ids are minted by now (and owned): they count once.
      await reserveTokens(database.db, await request("wallet", ids(310, 2), { owned: 6, mintedIds: new Set([300, 301]) }));
      assert.equal((await liveOf("wallet")).length, 6);
    });

    it("renews an address's own ids on the same chain, only ever extending; refuses them on another chain", async () => {
      const later = new Date(now + 900_000);
      assert.deepEqual(await reserveTokens(database.db, await request("renew", [400], { holdUntil: later })), later);
      const renewed = await reserveTokens(database.db, await request("renew", [400, 401]));
      assert.deepEqual(renewed, later, "an earlier holdUntil never shortens a hold");
      const rows = await liveOf("renew");
      assert.deepEqual(rows.map((r) => [r.tokenId, r.holdUntil.getTime()]).sort(), [
        [400, later.getTime()],
        [401, now + 360_000],
      ]);
      const other = await Promise.allSettled([reserveTokens(database.db, await request("renew", [401], { chainId: 31338 }))]);
      assert.equal(conflictOf(other[0] as PromiseSettledResult<Date>).code, "reserved");
    });
  });
}

reserveTests("PGlite", async () => {
  const dir = await mkdtemp(path.join(tmpdir(), "pixlings-api-reserve-"));
  return { params: { pgliteDir: path.join(dir, "db"), loadDataDir: await migratedTemplate() }, cleanup: () => rm(dir, { recursive: true, force: true }) };
});

if (process.env.PIXLINGS_SKIP_POSTGRES === "1") {
  describe("reserveTokens on Postgres 15", () => {
    it.skip("skipped: PIXLINGS_SKIP_POSTGRES=1");
  });
} else {
  reserveTests("Postgres 15", async () => {
    const pg = await startPostgres();
    return { params: { databaseUrl: pg.url }, cleanup: () => pg.stop() };
  });
}
