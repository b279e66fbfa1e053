import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { ApiError } from "../api/apiClient.ts";
import { afterPoll, generateFailure, pollFailure } from "./runPreview.ts";

const pending = { task_key: "gt-1", status: "pending" as const, mockups: [], error: null };
const mockup = { placement: "front", title: "Front print", mockup_url: "http://x/m.png", variant_ids: [1], extra: [] };

describe("a preview's outcome", () => {
  it("waits while pending up to the 30th check, then times out", () => {
    assert.deepEqual(afterPoll(1, pending), { kind: "wait" });
    assert.deepEqual(afterPoll(29, pending), { kind: "wait" });
    assert.deepEqual(afterPoll(30, pending), { kind: "failed", message: "Timeout waiting for mockup generation" });
  });

  it("ends with the mockups when completed, and says generation failed (with Printful's reason) when failed", () => {
    assert.deepEqual(afterPoll(3, { ...pending, status: "completed", mockups: [mockup] }), { kind: "completed", mockups: [mockup] });
    assert.deepEqual(afterPoll(30, { ...pending, status: "completed", mockups: [mockup] }), { kind: "completed", mockups: [mockup] });
    assert.deepEqual(afterPoll(2, { ...pending, status: "failed", error: "No template" }), {
      kind: "failed",
      message: "Mockup generation failed",
      detail: "No template",
    });
    assert.deepEqual(afterPoll(2, { ...pending, status: "failed" }), { kind: "failed", message: "Mockup generation failed" });
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
