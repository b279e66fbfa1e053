import assert from "node:assert/strict";
import { it } from "node:test";
import { retryAfterSeconds } from "./retryAfter.ts";

const none = { retryAfter: null, ratelimitReset: null, message: undefined };
const NOW = Date.parse("2026-11-24T12:00:00Z");

it("reads how long to wait after a 429 from Retry-After, X-Ratelimit-Reset or the message, else 60 s; at most an hour", () => {
  assert.equal(retryAfterSeconds({ ...none, retryAfter: "17" }, NOW), 17);
  assert.equal(retryAfterSeconds({ ...none, retryAfter: "Tue, 24 Nov 2026 12:00:30 GMT" }, NOW), 30);
  assert.equal(retryAfterSeconds({ ...none, ratelimitReset: "42" }, NOW), 42);
  assert.equal(retryAfterSeconds({ ...none, ratelimitReset: String(NOW / 1000 + 25) }, NOW), 25);
  assert.equal(retryAfterSeconds({ ...none, message: "Too many requests. Please try again after 33 seconds." }, NOW), 33);
  assert.equal(retryAfterSeconds({ retryAfter: "5", ratelimitReset: "42", message: "after 33 seconds" }, NOW), 5);
  assert.equal(retryAfterSeconds(none, NOW), 60);
  for (const retryAfter of ["0", "-3", "soon", "Tue, 24 Nov 2026 11:00:00 GMT"]) assert.equal(retryAfterSeconds({ ...none, retryAfter }, NOW), 60, retryAfter);
  assert.equal(retryAfterSeconds({ ...none, retryAfter: "999999" }, NOW), 3600);
});
