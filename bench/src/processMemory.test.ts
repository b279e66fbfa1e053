import assert from "node:assert/strict";
import { test } from "node:test";
import { parseStatusMemory } from "./processMemory.ts";

test("parseStatusMemory reads VmRSS and VmHWM in MB, and refuses a status without them", () => {
  const status = "Name:\tnode\nVmPeak:\t 2000000 kB\nVmHWM:\t  316416 kB\nVmRSS:\t  256000 kB\nThreads:\t11\n";
  assert.deepEqual(parseStatusMemory(status), { rssMb: 250, peakMb: 309 });
  assert.throws(() => parseStatusMemory("Name:\tnode\nVmHWM:\t 1 kB\n"), /no VmRSS/);
});
