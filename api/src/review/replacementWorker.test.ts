import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { nextLookMs } from "./replacementWorker.ts";

const NOW = Date.parse("2026-11-25T12:00:00.000Z");
const tryAt = (msFromNow: number): { runAfter: Date } => ({ runAfter: new Date(NOW + msFromNow) });

describe("the replacement worker's pace", () => {
  it("idles (every 2 s, or on an indexed block) when no chain is moving: a failed replacement waits for a human", () => {
    assert.equal(nextLookMs([], NOW), 2_000);
  });

  it("looks 4 times a second only while a moving chain's try is due", () => {
    assert.equal(nextLookMs([tryAt(-5_000)], NOW), 250);
    assert.equal(nextLookMs([tryAt(60_000), tryAt(0)], NOW), 250);
  });

  it("sleeps until the earliest next try of a chain waiting after a failed try, at most the idle pace", () => {
    assert.equal(nextLookMs([tryAt(1_200), tryAt(900)], NOW), 900);
    assert.equal(nextLookMs([tryAt(5 * 60_000)], NOW), 2_000);
  });
});
