import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { batched } from "./batched.ts";

describe("batched", () => {
  it("sends the calls of one turn as one load, each getting its own answer", async () => {
    const loads: number[][] = [];
    const double = batched(async (all: readonly number[]) => {
      loads.push([...all]);
      return all.map((n) => n * 2);
    });
    assert.deepEqual(await Promise.all([double(1), double(2), double(3)]), [2, 4, 6]);
    assert.deepEqual(loads, [[1, 2, 3]]);
  });

  it("never lets a call join a batch that was sent before it was made", async () => {
    const loads: number[][] = [];
    let release = (): void => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const echo = batched(async (all: readonly number[]) => {
      loads.push([...all]);
      await gate;
      return [...all];
    });
    const first = echo(1);
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    // The first batch is on its way (held at the gate): this call starts the next one.
    const second = echo(2);
    release();
    assert.deepEqual(await Promise.all([first, second]), [1, 2]);
    assert.deepEqual(loads, [[1], [2]]);
  });

  it("starts another batch once one holds maxBatch calls", async () => {
    const loads: number[][] = [];
    const echo = batched(async (all: readonly number[]) => {
      loads.push([...all]);
      return [...all];
    }, 2);
    assert.deepEqual(await Promise.all([echo(1), echo(2), echo(3)]), [1, 2, 3]);
    assert.deepEqual(loads, [[1, 2], [3]]);
  });

  it("fails every call of a failed batch, and recovers for the next", async () => {
    let fail = true;
    const flaky = batched(async (all: readonly number[]) => {
      if (fail) throw new Error("indexer down");
      return [...all];
    });
    const results = await Promise.allSettled([flaky(1), flaky(2)]);
    assert.deepEqual(
      results.map((r) => r.status),
      ["rejected", "rejected"],
    );
    fail = false;
    assert.equal(await flaky(3), 3);
  });
});
