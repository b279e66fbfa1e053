import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { BoundedCache } from "./boundedCache.ts";

const cacheOf = (maxEntries: number, maxSize: number) => new BoundedCache<string>({ maxEntries, maxSize }, (value) => value.length);

describe("BoundedCache", () => {
  it("keeps at most maxEntries, evicting the least recently used", () => {
    const cache = cacheOf(3, 1_000);
    for (const key of ["a", "b", "c"]) cache.set(key, key);
    assert.equal(cache.get("a"), "a", "a is now the most recent");
    cache.set("d", "d");
    assert.deepEqual(
      ["a", "b", "c", "d"].map((key) => cache.get(key)),
      ["a", undefined, "c", "d"],
    );
    for (let i = 0; i < 10_000; i++) cache.set(`flood-${i}`, "x");
    assert.equal(cache.size, 3);
    assert.equal(cache.totalSize, 3);
  });

  it("keeps the total size within maxSize, and never keeps a value larger than it", () => {
    const cache = cacheOf(100, 10);
    cache.set("a", "aaaa");
    cache.set("b", "bbbb");
    cache.set("c", "cccc");
    assert.deepEqual([cache.get("a"), cache.size, cache.totalSize], [undefined, 2, 8]);
    cache.set("huge", "h".repeat(11));
    assert.deepEqual([cache.get("huge"), cache.size, cache.totalSize], [undefined, 2, 8]);
    cache.set("b", "bb");
    assert.deepEqual([cache.get("b"), cache.totalSize], ["bb", 6], "a replaced value counts once");
    cache.clear();
    assert.deepEqual([cache.size, cache.totalSize], [0, 0]);
  });

  it("refuses limits without room for one entry", () => {
    assert.throws(() => cacheOf(0, 10), RangeError);
    assert.throws(() => cacheOf(1, 0), RangeError);
  });
});
