import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { ApiError } from "../api/apiClient.ts";
import { generateFailure, nextCheck, outcomeOf, pollFailure } from "./runPreview.ts";

const pending = { task_key: "gt-1", status: "pending" as const, mockups: [], error: null };
const mockup = { placement: "front", title: "Front print", mockup_url: "http://x/m.png", variant_ids: [1], extra: [] };

describe("a preview's outcome", () => {
  const timeout = { kind: "failed", message: "Timeout waiting for mockup generation" };

  it("asks at once, the API holding the answer up to 25 s, and again at once after a held answer came back pending", () => {
    assert.deepEqual(nextCheck(0, undefined), { kind: "ask", afterMs: 0, wait: 25 });
    assert.deepEqual(nextCheck(25_050, 25_040), { kind: "ask", afterMs: 0, wait: 25 });
    // The minute's last check waits only for what is left of it.
    assert.deepEqual(nextCheck(50_100, 25_000), { kind: "ask", afterMs: 0, wait: 10 });
    assert.deepEqual(nextCheck(59_001, 8_900), { kind: "ask", afterMs: 0, wait: 1 });
  });

  it("never checks twice within 2 s (an API answering pending at once is polled every 2 s), and not after a minute", () => {
    assert.deepEqual(nextCheck(30, 30), { kind: "ask", afterMs: 1_970, wait: 25 });
    assert.deepEqual(nextCheck(57_500, 500), { kind: "ask", afterMs: 1_500, wait: 1 });
    assert.deepEqual(nextCheck(58_000, 0), timeout);
    assert.deepEqual(nextCheck(60_000, 5_000), timeout);
    // Polled at once-answering API: 30 checks, 2 s apart, in the minute (the spec's fallback).
    let checks = 0;
    for (let at = 0, last: number | undefined; ; ) {
      const next = nextCheck(at, last === undefined ? undefined : at - last);
      if (next.kind !== "ask") break;
      at += next.afterMs;
      last = at;
      checks++;
    }
    assert.equal(checks, 30);
  });

  it("ends with the mockups when completed, says generation failed (with Printful's reason) when failed, goes on while pending", () => {
    assert.equal(outcomeOf(pending), undefined);
    assert.deepEqual(outcomeOf({ ...pending, status: "completed", mockups: [mockup] }), { kind: "completed", mockups: [mockup] });
    assert.deepEqual(outcomeOf({ ...pending, status: "failed", error: "No template" }), {
      kind: "failed",
      message: "Mockup generation failed",
      detail: "No template",
    });
    assert.deepEqual(outcomeOf({ ...pending, status: "failed" }), { kind: "failed", message: "Mockup generation failed" });
  });

  it("turns a 429 into a wait of its retryAfter (60 s when it says none), other errors into the spec's messages", () => {
    const limited = new ApiError(429, "Too Many Requests", JSON.stringify({ message: "busy", retryAfter: 17 }));
    assert.deepEqual(generateFailure(limited), { kind: "rate_limited", retryAfter: 17 });
    assert.deepEqual(pollFailure(limited), { kind: "rate_limited", retryAfter: 17 });
    assert.deepEqual(generateFailure(new ApiError(429, "Too Many Requests", "")), { kind: "rate_limited", retryAfter: 60 });
    const refused = new ApiError(403, "Forbidden", JSON.stringify({ message: "Only the owner of Pix #7 may preview merchandise with it" }));
    assert.deepEqual(generateFailure(refused), {
      kind: "failed",
      message: "Failed to generate mockup: 403",
      detail: "Only the owner of Pix #7 may preview merchandise with it",
    });
    assert.deepEqual(generateFailure(new TypeError("Failed to fetch")), { kind: "failed", message: "Failed to generate mockup: Failed to fetch" });
    assert.deepEqual(pollFailure(new ApiError(502, "Bad Gateway", "<html>")), { kind: "failed", message: "Polling failed: 502" });
    assert.deepEqual(pollFailure(new TypeError("Failed to fetch")), { kind: "failed", message: "Failed to check mockup status" });
  });
});
