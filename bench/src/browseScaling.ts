import { cpuMeter } from "./cpuTicks.ts";
import { runLoad, type LoadResult } from "./load.ts";
import type { Figure } from "./report.ts";

export interface MeteredLoad {
  load: LoadResult;
  /** The cores each named process used during the measured run (its CPU seconds per second). */
  cores: Record<string, number>;
}

/**
 * One measured load run while the CPU of each named process is counted (/proc/<pid>/stat before
 * and after): on a small machine the load generator and every server share the cores, and this
 * says which of them had them.
 */
export async function meteredLoad(p: Parameters<typeof runLoad>[0] & { processes: Record<string, { pid: number; alone?: boolean }> }): Promise<MeteredLoad> {
  const meter = cpuMeter(p.processes);
  const load = await runLoad(p);
  return { load, cores: meter.stop() };
}

/** The browse figures of a run against `webProcesses` web processes: `browse_rps_<n>`, … and the cores each process used. */
export function browseFigures(webProcesses: number, run: MeteredLoad): Record<string, Figure> {
  const figures: Record<string, Figure> = {
    [`browse_rps_${webProcesses}`]: { value: run.load.rps, unit: "req/s", better: "higher" },
    [`browse_p50_ms_${webProcesses}`]: { value: run.load.p50Ms, unit: "ms", better: "lower" },
    [`browse_p99_ms_${webProcesses}`]: { value: run.load.p99Ms, unit: "ms", better: "lower" },
  };
  for (const [name, cores] of Object.entries(run.cores)) figures[`browse_cpu_cores_${webProcesses}_${name}`] = { value: cores, unit: "cores", better: "lower" };
  return figures;
}
