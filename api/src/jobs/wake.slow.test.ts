// Two processes' wakes on one Postgres: a burst of notifications of one kind is carried as at most
// one NOTIFY in flight and one after it, and the other process still hears of the last change.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { pino } from "pino";
import { skipPostgres, startPostgres, type TestPostgres } from "@pixlings/test-kit/postgres";
import { openWake, type Wake } from "./wake.ts";

/** Resolves once `done()` holds, checking on each call of the returned `check`. */
function whenTrue(done: () => boolean): { check(): void; reached: Promise<void> } {
  let resolve!: () => void;
  const reached = new Promise<void>((r) => (resolve = r));
  return { check: () => done() && resolve(), reached };
}

describe("wakes across processes on one Postgres", { skip: skipPostgres() && "PIXLINGS_SKIP_POSTGRES=1" }, () => {
  let pg: TestPostgres;
  let a: Wake;
  let b: Wake;
  before(async () => {
    pg = await startPostgres();
    const logger = pino({ level: "silent" });
    [a, b] = await Promise.all([openWake({ databaseUrl: pg.url }, logger), openWake({ databaseUrl: pg.url }, logger)]);
  });
  after(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await pg?.stop();
  });

  it("carries a burst of 100 `holds` as two NOTIFYs, the last one sent after the last call", async () => {
    let heardHere = 0;
    let heardThere = 0;
    let artThere = false;
    a.subscribe("holds", () => heardHere++);
    const two = whenTrue(() => heardThere >= 2);
    const art = whenTrue(() => artThere);
    b.subscribe("holds", () => {
      heardThere++;
      two.check();
    });
    b.subscribe("art", () => {
      artThere = true;
      art.check();
    });
    for (let i = 0; i < 100; i++) a.notify("holds");
    assert.equal(heardHere, 100, "this process's subscribers are called for every notification, at once");
    await two.reached;
    // Sent on the same connection after the second `holds`: anything more would have come before it.
    a.notify("art");
    await art.reached;
    assert.equal(heardThere, 2);
  });
});
