import assert from "node:assert/strict";
import { test } from "node:test";
import { saleEventsOverWake } from "./saleEventsOverWake.ts";
import { inProcessWake } from "./wake.ts";

test("a web side's sale changes reach a worker side on the same wake: jobs wake fulfilment, holds refresh the listings", () => {
  const wake = inProcessWake();
  const web = saleEventsOverWake(wake);
  const worker = saleEventsOverWake(wake);
  const heard: string[][] = [];
  const fulfilmentWakes: number[] = [];
  worker.subscribe((changes) => heard.push([...changes]));
  wake.subscribe("fulfilment", () => fulfilmentWakes.push(1));
  web.changed("jobs");
  web.changed("holds", "jobs", "holds");
  assert.deepEqual(heard, [["jobs"], ["holds"], ["jobs"]]);
  assert.equal(fulfilmentWakes.length, 2);
});

test("close() and unsubscribe stop one side's listeners only; a throwing listener keeps neither the others nor the write from going on", () => {
  const wake = inProcessWake();
  const web = saleEventsOverWake(wake);
  const worker = saleEventsOverWake(wake);
  const webHeard: string[] = [];
  const workerHeard: string[] = [];
  web.subscribe(() => {
    throw new Error("cache gone");
  });
  web.subscribe((changes) => webHeard.push(...changes));
  const stop = worker.subscribe((changes) => workerHeard.push(...changes));
  assert.doesNotThrow(() => worker.changed("holds"));
  stop();
  worker.changed("jobs");
  web.close();
  worker.changed("holds");
  assert.deepEqual(webHeard, ["holds", "jobs"]);
  assert.deepEqual(workerHeard, ["holds"]);
});
