import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { timelineRows } from "./timeline.ts";

describe("timelineRows", () => {
  const started = 1_000;
  const tries = [
    { path: "/api/mint/authorize", sentAt: started + 100, ms: 10 },
    { path: "/api/mint/authorize", sentAt: started + 1_999, ms: 900 },
    { path: "/api/mint/authorize", sentAt: started + 2_000, ms: 30 },
    { path: "/api/cart/checkout", sentAt: started + 500, ms: 5_000 },
    { path: "/api/mint/authorize", sentAt: started + 61_000, ms: 40 },
  ];

  it("puts each try of a path in the window it was sent in, and leaves empty windows out", () => {
    const rows = timelineRows(tries, "/api/mint/authorize", started, [0, 2, 5, 10, 30]);
    assert.equal(rows.length, 3);
    assert.match(rows[0]!, /0-2 s\s+2\s+p50\s+10\s+p99\s+900\s+max\s+900 ms/);
    assert.match(rows[1]!, /2-5 s\s+1\s+p50\s+30/);
    assert.match(rows[2]!, /30-end s\s+1\s+p50\s+40/);
  });

  it("counts only the path asked for", () => {
    const rows = timelineRows(tries, "/api/cart/checkout", started, [0, 2]);
    assert.deepEqual(rows.length, 1);
    assert.match(rows[0]!, /0-2 s\s+1\s+p50\s+5000/);
  });
});
