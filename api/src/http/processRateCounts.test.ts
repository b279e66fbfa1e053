import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { ProcessRateCounts } from "./processRateCounts.ts";

describe("in-process rate counters", () => {
  it("count hits per key within a window, and start again at 1 once it has ended", () => {
    const counts = new ProcessRateCounts();
    assert.deepEqual(counts.hit("a", 60_000, 1_000), { hits: 1, leftMs: 0 });
    assert.deepEqual(counts.hit("a", 60_000, 31_000), { hits: 2, leftMs: -30_000 });
    assert.deepEqual(counts.hit("b", 60_000, 31_000), { hits: 1, leftMs: 0 });
    assert.deepEqual(counts.hit("a", 60_000, 60_999), { hits: 3, leftMs: -59_999 });
    assert.deepEqual(counts.hit("a", 60_000, 61_000), { hits: 1, leftMs: 0 });
  });

  it("forget ended windows once many keys are kept, never one still running", () => {
    const counts = new ProcessRateCounts();
    counts.hit("running", 60_000, 0);
    for (let i = 0; i < 4095; i++) counts.hit(`old-${i}`, 1_000, 0);
    assert.equal(counts.size, 4096);
    counts.hit("new", 1_000, 5_000);
    assert.equal(counts.size, 2, "only the running window and the new one are left");
    assert.deepEqual(counts.hit("running", 60_000, 5_000), { hits: 2, leftMs: -5_000 });
  });
});
