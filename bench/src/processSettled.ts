import { readFileSync } from "node:fs";

/** Linux counts CPU time in clock ticks of 1/100 s (USER_HZ) in /proc/<pid>/stat. */
const TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) process `pid` has used so far, from /proc. */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // The command name (field 2) is in parentheses and may hold spaces: count fields after its end.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/**
 * Resolves once process `pid` used less than `maxCpuShare` of a core over `windowMs`: a freshly
 * started API loads and pre-renders all the art in the background for seconds, and a scenario that
 * cannot warm up by itself (each voucher takes an id for good) would otherwise measure that.
 * Returns how long it waited; throws after `timeoutMs`.
 */
export async function processSettled(pid: number, { maxCpuShare = 0.1, windowMs = 1_000, timeoutMs = 120_000 } = {}): Promise<number> {
  const started = performance.now();
  let before = cpuSeconds(pid);
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, windowMs));
    const now = cpuSeconds(pid);
    if (now - before < (maxCpuShare * windowMs) / 1000) return Math.round(performance.now() - started);
    if (performance.now() - started > timeoutMs)
      throw new Error(`process ${pid} still busy after ${timeoutMs} ms (${Math.round(((now - before) * 1000 * 100) / windowMs)}% of a core)`);
    before = now;
  }
}
