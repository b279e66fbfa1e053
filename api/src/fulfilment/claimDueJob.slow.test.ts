// Which due order job a worker claims first, on PGlite and on Postgres 15: one with nothing sent
// before one whose transaction is out (waiting for its receipt or a final block), however long the
// latter has been due; among the same, the longest due; never one held or in hand. Several at once
// in one statement, each with a lease of its own, and never one job by two claimers racing.
import assert from "node:assert/strict";
import { beforeEach, it } from "node:test";
import { sql } from "drizzle-orm";
import { describeOnApiDatabases } from "@pixlings/test-kit/apiDatabase";
import { lockWaiters } from "@pixlings/test-kit/rowLockQueue";
import type { Db } from "../db/openDatabase.ts";
import { orderJobs } from "../db/tables/orderJobs.ts";
import { claimDueJobs } from "./claimDueJob.ts";

const LEASE_MS = 20_000;
let nextToken = 1;

describeOnApiDatabases("claimDueJob", (database) => {
  const db = (): Db => database().db;

  /** A Mint to Wallet job (no order needed), due `dueSecondsAgo` ago. */
  const job = async (state: "queued" | "sent", dueSecondsAgo: number): Promise<number> => {
    const [row] = await db()
      .insert(orderJobs)
      .values({ kind: "transfer", tokenId: nextToken++, chainId: 31337, state, runAfter: sql`now() - ${`${dueSecondsAgo} seconds`}::interval` })
      .returning({ id: orderJobs.id });
    return row!.id;
  };
  const claimed = async (running: number[] = []): Promise<number | undefined> => (await claimDueJobs(db(), LEASE_MS, running, 1))[0]?.id;

  beforeEach(async () => {
    await db().delete(orderJobs);
  });

  it("takes a job with nothing sent before one with a transaction out that has waited longer", async () => {
    const sent = [await job("sent", 60), await job("sent", 30)];
    const queued = [await job("queued", 5), await job("queued", 10)];
    assert.equal(await claimed(), queued[1], "the longest due of those with nothing sent");
    assert.equal(await claimed(), queued[0]);
    assert.equal(await claimed(), sent[0], "then those with a transaction out, the longest due first");
    assert.equal(await claimed(), sent[1]);
    assert.equal(await claimed(), undefined, "each held once");
  });

  it("leaves jobs not yet due and those in hand", async () => {
    await job("queued", -60);
    const inHand = await job("queued", 10);
    const sent = await job("sent", 10);
    assert.equal(await claimed([inHand]), sent);
  });

  it("claims several in one go, in the same order, each with a lease token of its own", async () => {
    const sent = await job("sent", 60);
    const queued = [await job("queued", 5), await job("queued", 10), await job("queued", 1)];
    const jobs = await claimDueJobs(db(), LEASE_MS, [], 3);
    assert.deepEqual(
      jobs.map((j) => j.id),
      [queued[1], queued[0], queued[2]],
    );
    assert.equal(new Set(jobs.map((j) => j.lockedBy)).size, 3, "one token a claim");
    assert.ok(jobs.every((j) => j.lockedUntil !== null && j.lockedUntil.getTime() > Date.now() + LEASE_MS / 2));
    assert.deepEqual(
      (await claimDueJobs(db(), LEASE_MS, [], 3)).map((j) => j.id),
      [sent],
      "what is left",
    );
  });

  it("skips, without waiting, the jobs another claim holds in a transaction not yet committed", async (t) => {
    if (database().kind === "pglite") return t.skip("PGlite has one connection: no two claims run at once");
    for (let i = 0; i < 6; i++) await job("queued", i);
    await db().transaction(async (tx) => {
      const first = await claimDueJobs(tx, LEASE_MS, [], 3);
      // Without the rows locked by its select, this one's update would wait for the first's rows
      // and then lease them a second time.
      const watching = new AbortController();
      const second = await Promise.race([claimDueJobs(db(), LEASE_MS, [], 3), lockWaiters(db(), 1, watching.signal).then(() => "waiting")]).finally(() =>
        watching.abort(),
      );
      assert.ok(Array.isArray(second), "the second claim waited for the first's uncommitted rows");
      const firstIds = first.map((j) => j.id);
      assert.equal(second.length, 3);
      assert.ok(
        second.every((j) => !firstIds.includes(j.id)),
        "the second claim took none of the first's",
      );
    });
  });

  it("never gives one job to two claimers racing for it", async () => {
    const ids = new Set<number>();
    for (let i = 0; i < 40; i++) ids.add(await job(i % 2 === 0 ? "queued" : "sent", i));
    const claims = await Promise.all(Array.from({ length: 8 }, () => claimDueJobs(db(), LEASE_MS, [], 7)));
    const taken = claims.flat().map((j) => j.id);
    assert.equal(new Set(taken).size, taken.length, "no job claimed twice");
    assert.ok(taken.every((id) => ids.has(id)));
    const rest = await claimDueJobs(db(), LEASE_MS, [], 40);
    assert.equal(taken.length + rest.length, 40, "every job claimed once in all");
  });
});
