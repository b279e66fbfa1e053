import assert from "node:assert/strict";
import { test } from "node:test";
import { createRng } from "./rng.ts";

test("the same seed gives the same sequence; another seed another", () => {
  const a = createRng("pixlings");
  const b = createRng("pixlings");
  const c = createRng("pixlings!");
  const seqA = Array.from({ length: 50 }, () => a.next());
  assert.deepEqual(
    seqA,
    Array.from({ length: 50 }, () => b.next()),
  );
  assert.notDeepEqual(
    seqA,
    Array.from({ length: 50 }, () => c.next()),
  );
});

test("values stay in range and are spread out", () => {
  const rng = createRng("range");
  const counts = new Array<number>(6).fill(0);
  for (let i = 0; i < 6000; i++) {
    const x = rng.next();
    assert.ok(x >= 0 && x < 1);
    const k = rng.int(0, 5);
    assert.ok(Number.isInteger(k) && k >= 0 && k <= 5);
    counts[k]!++;
  }
  for (const n of counts) assert.ok(n > 850 && n < 1150, `bucket ${n}`);
});

test("pick, weighted and shuffle", () => {
  const rng = createRng("pick");
  assert.throws(() => rng.pick([]), /empty/);
  for (let i = 0; i < 100; i++) assert.equal(rng.weighted(["a", "b", "c"], [0, 1, 0]), "b");
  const items = Array.from({ length: 20 }, (_, i) => i);
  const shuffled = rng.shuffle(items);
  assert.deepEqual(
    [...shuffled].sort((x, y) => x - y),
    items,
  );
  assert.notDeepEqual(shuffled, items);
});
