import assert from "node:assert/strict";
import { test } from "node:test";
import { browseFigures } from "./browseScaling.ts";

test("browseFigures names each figure after the number of web processes, the cores per process too", () => {
  const figures = browseFigures(2, {
    load: { rps: 2126, p50Ms: 15, p99Ms: 143, requests: 21262, meanBytes: 4911 },
    cores: { web_a: 0.43, web_b: 0.45, machine: 2 },
  });
  assert.deepEqual(figures, {
    browse_rps_2: { value: 2126, unit: "req/s", better: "higher" },
    browse_p50_ms_2: { value: 15, unit: "ms", better: "lower" },
    browse_p99_ms_2: { value: 143, unit: "ms", better: "lower" },
    browse_cpu_cores_2_web_a: { value: 0.43, unit: "cores", better: "lower" },
    browse_cpu_cores_2_web_b: { value: 0.45, unit: "cores", better: "lower" },
    browse_cpu_cores_2_machine: { value: 2, unit: "cores", better: "lower" },
  });
});
