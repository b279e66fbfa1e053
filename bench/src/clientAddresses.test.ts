import assert from "node:assert/strict";
import { test } from "node:test";
import { clientAddress, cyclingClientHeaders, mergeHeaders } from "./clientAddresses.ts";

test("clientAddress gives every client of 0..65535 its own address and refuses the rest", () => {
  const all = new Set(Array.from({ length: 65_536 }, (_, i) => clientAddress(i)));
  assert.equal(all.size, 65_536);
  assert.equal(clientAddress(0), "10.77.0.0");
  assert.equal(clientAddress(258), "10.77.1.2");
  for (const bad of [-1, 65_536, 1.5]) assert.throws(() => clientAddress(bad), /must be an integer in 0\.\.65535/);
});

test("cyclingClientHeaders sends each of its addresses once before any again", () => {
  const next = cyclingClientHeaders(3);
  const seen = Array.from({ length: 7 }, () => next()["x-forwarded-for"]);
  assert.deepEqual(seen, ["10.77.0.0", "10.77.0.1", "10.77.0.2", "10.77.0.0", "10.77.0.1", "10.77.0.2", "10.77.0.0"]);
});

test("mergeHeaders joins each request's headers of every source", () => {
  const cookie = () => ({ cookie: "s=1" });
  const merged = mergeHeaders(cookie, cyclingClientHeaders(2), undefined);
  assert.deepEqual(merged(), { cookie: "s=1", "x-forwarded-for": "10.77.0.0" });
  assert.deepEqual(merged(), { cookie: "s=1", "x-forwarded-for": "10.77.0.1" });
});
