// Which due order job a worker claims first, on PGlite and on Postgres 15: one with nothing sent
// before one whose transaction is out (waiting for its receipt or a final block), however long the
// latter has been due; among the same, the longest due; never one held or in hand.
import assert from "node:assert/strict";
import { beforeEach, it } from "node:test";
import { sql } from "drizzle-orm";
import { describeOnApiDatabases } from "@pixlings/test-kit/apiDatabase";
import type { Db } from "../db/openDatabase.ts";
import { orderJobs } from "../db/tables/orderJobs.ts";
import { claimDueJob } from "./claimDueJob.ts";

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
  const claimed = async (running: number[] = []): Promise<number | undefined> => (await claimDueJob(db(), LEASE_MS, running))?.id;

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
});
