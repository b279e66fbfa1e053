import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { staleWhileRevalidate } from "./staleWhileRevalidate.ts";
import { HttpError } from "../http/HttpError.ts";

describe("staleWhileRevalidate", () => {
  it("waits for the first load, then serves the last value while one reload runs", async () => {
    let loads = 0;
    const value = staleWhileRevalidate(
      async () => {
        loads++;
        await sleep(20);
        return loads;
      },
      { maxAgeMs: 10, maxStaleMs: 10_000, timeoutMs: 1_000 },
    );
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
    const value = staleWhileRevalidate(
      async () => {
        if (fail) throw new Error("indexer down");
        return "ok";
      },
      { maxAgeMs: 0, maxStaleMs: 10_000, timeoutMs: 1_000 },
    );
    assert.equal(await value.get(), "ok");
    fail = true;
    await sleep(2);
    assert.equal(await value.get(), "ok");
    await sleep(5);
    assert.equal(await value.get(), "ok");
    const broken = staleWhileRevalidate<string>(
      async () => {
        throw new Error("indexer down");
      },
      { maxAgeMs: 0, maxStaleMs: 10_000, timeoutMs: 1_000 },
    );
    await assert.rejects(broken.get(), /indexer down/);
  });

  it("after invalidate(), waits for a load that started later, even with one in flight", async () => {
    let source = 1;
    const value = staleWhileRevalidate(
      async () => {
        const seen = source;
        await sleep(20);
        return seen;
      },
      { maxAgeMs: 0, maxStaleMs: 10_000, timeoutMs: 1_000 },
    );
    assert.equal(await value.get(), 1);
    void value.get(); // a background load reading source 1 is now in flight
    source = 2;
    value.invalidate();
    assert.equal(await value.get(), 2);
  });

  it("stops serving a value older than maxStaleMs and fails when the source is down", async () => {
    let up = true;
    const value = staleWhileRevalidate(
      async () => {
        if (!up) throw new Error("down");
        return "v";
      },
      { maxAgeMs: 0, maxStaleMs: 30, timeoutMs: 1_000 },
    );
    assert.equal(await value.get(), "v");
    up = false;
    await sleep(40);
    await assert.rejects(value.get(), /down/);
  });

  it("fails a load that hangs past timeoutMs, then loads again", async () => {
    let hang = true;
    const value = staleWhileRevalidate(() => (hang ? new Promise<string>(() => undefined) : Promise.resolve("back")), {
      maxAgeMs: 0,
      maxStaleMs: 10_000,
      timeoutMs: 30,
    });
    // A source that does not answer is a 503 for the client (try again), never a 500.
    await assert.rejects(value.get(), (error) => error instanceof HttpError && error.status === 503 && /no answer within 30 ms/.test(error.message));
    hang = false;
    assert.equal(await value.get(), "back");
  });
});
