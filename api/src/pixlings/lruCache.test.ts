import assert from "node:assert/strict";
import { test } from "node:test";
import { LruCache } from "./lruCache.ts";

test("LruCache evicts the least recently used entry beyond its capacity", () => {
  const cache = new LruCache<string, number>(2);
  cache.set("a", 1);
  cache.set("b", 2);
  assert.equal(cache.get("a"), 1); // a is now the most recent
  cache.set("c", 3);
  assert.equal(cache.get("b"), undefined);
  assert.equal(cache.get("a"), 1);
  assert.equal(cache.get("c"), 3);
  cache.set("a", 10);
  assert.equal(cache.size, 2);
  assert.equal(cache.get("a"), 10);
  assert.throws(() => new LruCache(0), RangeError);
});
