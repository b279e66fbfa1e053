// The counts behind every rate limit, on PGlite and on Postgres 15: the table's upserts (one hit,
// and two hits in turn in one statement) and, on PGlite, the in-process counters of the voucher
// routes' limits must count alike.
import assert from "node:assert/strict";
import { it } from "node:test";
import { describeOnApiDatabases } from "@pixlings/test-kit/apiDatabase";
import { HttpError } from "./HttpError.ts";
import { hitRateLimit, hitRateLimitsInTurn, type RateLimit } from "./rateLimit.ts";

async function refused(hit: Promise<void>, windowMs: number): Promise<void> {
  const error = await hit.then(
    () => undefined,
    (e: unknown) => e,
  );
  assert.ok(error instanceof HttpError && error.status === 429, `expected 429, got ${String(error)}`);
  const { retryAfter } = error.details as { retryAfter: number };
  assert.ok(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= windowMs / 1000, String(retryAfter));
}

describeOnApiDatabases("rate limit counts", (database) => {
  for (const inProcessWhenAlone of [false, true]) {
    const rule = (name: string, limit: number): RateLimit => ({ name: `${name}-${inProcessWhenAlone}`, limit, windowMs: 60_000, inProcessWhenAlone });

    it(`refuse the hit past the limit, per subject (in process when alone: ${inProcessWhenAlone})`, async () => {
      const { db } = database();
      const limit = rule("one", 2);
      await hitRateLimit(db, limit, "x");
      await hitRateLimit(db, limit, "x");
      await refused(hitRateLimit(db, limit, "x"), limit.windowMs);
      await hitRateLimit(db, limit, "y");
    });

    it(`count the second limit only while the first is within its own (in process when alone: ${inProcessWhenAlone})`, async () => {
      const { db } = database();
      const client = { rule: rule("client", 3), subject: "203.0.113.1" };
      const address = { rule: rule("address", 2), subject: "0xabc" };
      await hitRateLimitsInTurn(db, client, address);
      await hitRateLimitsInTurn(db, client, address);
      await refused(hitRateLimitsInTurn(db, client, address), 60_000);
      // The client has used its 3: refused before the address is counted again.
      await refused(hitRateLimitsInTurn(db, client, address), 60_000);
      await refused(hitRateLimitsInTurn(db, client, { ...address, subject: "0xdef" }), 60_000);
      // So 0xdef, from another client, still has both its hits.
      const other = { ...client, subject: "203.0.113.2" };
      await hitRateLimitsInTurn(db, other, { ...address, subject: "0xdef" });
      await hitRateLimitsInTurn(db, other, { ...address, subject: "0xdef" });
      await refused(hitRateLimitsInTurn(db, other, { ...address, subject: "0xdef" }), 60_000);
      // The single hit and the hits in turn share one count.
      await refused(hitRateLimit(db, address.rule, "0xdef"), 60_000);
    });
  }
});
