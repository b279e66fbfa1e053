import assert from "node:assert/strict";
import { test } from "node:test";
import { createSaleEvents } from "./saleEvents.ts";

test("every subscriber hears each change with its kinds; an unsubscribed one no longer does", () => {
  const events = createSaleEvents();
  const market: string[][] = [];
  const worker: string[][] = [];
  events.subscribe((changes) => market.push([...changes]));
  const stop = events.subscribe((changes) => worker.push([...changes]));
  events.changed("holds");
  events.changed("holds", "jobs");
  stop();
  events.changed("jobs");
  assert.deepEqual(market, [["holds"], ["holds", "jobs"], ["jobs"]]);
  assert.deepEqual(worker, [["holds"], ["holds", "jobs"]]);
});

test("a listener that throws does not keep the others from hearing, nor fail the sale's write", () => {
  const events = createSaleEvents();
  const heard: string[] = [];
  events.subscribe(() => {
    throw new Error("cache gone");
  });
  events.subscribe((changes) => heard.push(...changes));
  assert.doesNotThrow(() => events.changed("holds"));
  assert.deepEqual(heard, ["holds"]);
});

test("nothing changed, nothing announced", () => {
  const events = createSaleEvents();
  let calls = 0;
  events.subscribe(() => calls++);
  events.changed();
  assert.equal(calls, 0);
});
