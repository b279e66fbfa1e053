import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { upstreamCheckDelayMs } from "./upstreamChecks.ts";

/** The asks of a task that ends after `endMs`, the first 150 ms after it starts, the last finding it ended. */
function asksUntil(endMs: number): number {
  let asks = 1;
  for (let at = 150; at < endMs; at += upstreamCheckDelayMs(at)) asks++;
  return asks;
}

describe("how often Printful is asked about a task pages wait on", () => {
  it("waits a third of the task's age, at least 150 ms and at most 3 s", () => {
    assert.equal(upstreamCheckDelayMs(0), 150);
    assert.equal(upstreamCheckDelayMs(450), 150);
    assert.equal(upstreamCheckDelayMs(600), 200);
    assert.equal(upstreamCheckDelayMs(6_000), 2_000);
    assert.equal(upstreamCheckDelayMs(9_000), 3_000);
    assert.equal(upstreamCheckDelayMs(600_000), 3_000);
  });

  it("costs a few asks for a quick task and stays within a user's third of Printful's 120 calls a minute for a whole minute", () => {
    assert.equal(asksUntil(600), 4);
    assert.equal(asksUntil(5_000), 12);
    // A user may start 3 mockups a minute and cause 40 calls: one task pending the whole minute still fits.
    assert.equal(asksUntil(60_000), 31);
  });
});
