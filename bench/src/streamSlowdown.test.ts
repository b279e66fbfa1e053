import assert from "node:assert/strict";
import { test } from "node:test";
import type { LoadResult } from "./load.ts";
import { BLOCK_ORDER, blockSlowdownPct, medianSlowdown, type StreamBlock } from "./streamSlowdown.ts";

const load = (rps: number): LoadResult => ({ rps, p50Ms: 1, p99Ms: 2, requests: rps * 5, meanBytes: 100 });
/** A block measured as taken: without, with, with, without. */
const block = (a: number, b: number, c: number, d: number): StreamBlock => ({ without: [load(a), load(d)], with: [load(b), load(c)] });

test("a block is ABBA: without, with, with, without", () => {
  assert.deepEqual(BLOCK_ORDER, [false, true, true, false]);
});

test("a steady drift over a block is no slowdown; a real one is read whichever way the machine drifts", () => {
  assert.equal(blockSlowdownPct(block(12_000, 11_000, 10_000, 9_000)), 0);
  assert.equal(blockSlowdownPct(block(9_000, 10_000, 11_000, 12_000)), 0);
  assert.equal(blockSlowdownPct(block(12_000, 9_900, 9_000, 9_000)), 10);
  assert.equal(blockSlowdownPct(block(10_000, 11_000, 11_000, 10_000)), -10);
});

test("the figure is the median block's: one disturbed block does not set it", () => {
  const blocks = [
    block(10_000, 9_500, 9_500, 10_000), // 5 %
    block(10_000, 7_000, 7_000, 10_000), // 30 %, the machine busy during it
    block(10_000, 9_800, 9_800, 10_000), // 2 %
    block(10_000, 10_100, 10_100, 10_000), // -1 %
    block(10_000, 9_700, 9_700, 10_000), // 3 %
  ];
  const result = medianSlowdown(blocks);
  assert.equal(result.slowdownPct, 3);
  assert.equal(result.median, blocks[4]);
  // Of an even count, the lower middle one.
  assert.equal(medianSlowdown(blocks.slice(0, 4)).slowdownPct, 2);
  assert.throws(() => medianSlowdown([]), /no blocks/);
});
