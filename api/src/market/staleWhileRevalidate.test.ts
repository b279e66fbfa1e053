import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { staleWhileRevalidate } from "./staleWhileRevalidate.ts";

describe("staleWhileRevalidate", () => {
  it("waits for the first load, then serves the last value while one reload runs", async () => {
    let loads = 0;
    const value = staleWhileRevalidate(async () => {
      loads++;
      await sleep(20);
      return loads;
    }, 10);
    assert.equal(await value.get(), 1);
    await sleep(15);
    // Stale: answered at once with 1, while exactly one reload starts.
    assert.deepEqual(await Promise.all([value.get(), value.get(), value.get()]), [1, 1, 1]);
    await sleep(30);
    assert.equal(loads, 2);
    assert.equal(await value.get(), 2);
  });

  it("keeps the last good value when a reload fails, and fails the first load", async () => {
    let fail = false;
    const value = staleWhileRevalidate(async () => {
      if (fail) throw new Error("indexer down");
      return "ok";
    }, 0);
    assert.equal(await value.get(), "ok");
    fail = true;
    value.invalidate();
    assert.equal(await value.get(), "ok");
    await sleep(5);
    assert.equal(await value.get(), "ok");
    const broken = staleWhileRevalidate<string>(async () => {
      throw new Error("indexer down");
    }, 0);
    await assert.rejects(broken.get(), /indexer down/);
  });
});
