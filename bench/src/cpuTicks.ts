import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

/** One line of /proc/<pid>/stat: who its parent is and the CPU it and its reaped children used, in clock ticks. */
export interface ProcStat {
  pid: number;
  ppid: number;
  /** utime + stime + cutime + cstime: a child that exited and was waited for is counted in its parent. */
  ticks: number;
}

/**
 * Parses /proc/<pid>/stat. The command name (field 2) is in parentheses and may hold spaces or
 * parentheses itself, so the fields are counted from the last `)`.
 */
export function parseStat(text: string): ProcStat {
  const close = text.lastIndexOf(")");
  const pid = Number(text.slice(0, text.indexOf(" ")));
  const rest = text
    .slice(close + 2)
    .trim()
    .split(/\s+/);
  // rest[0] is field 3 (state): ppid is field 4, utime..cstime fields 14..17.
  const field = (n: number): number => Number(rest[n - 3]);
  const ticks = field(14) + field(15) + field(16) + field(17);
  if (close < 0 || !Number.isInteger(pid) || !Number.isFinite(ticks)) throw new Error(`not a /proc/<pid>/stat line: ${text.slice(0, 80)}`);
  return { pid, ppid: field(4), ticks };
}

/** The ticks of `root` and every process descended from it, among `stats` (of `root` alone with `alone`). */
export function treeTicks(stats: readonly ProcStat[], root: number, alone = false): number {
  if (alone) return stats.find((s) => s.pid === root)?.ticks ?? 0;
  const children = new Map<number, ProcStat[]>();
  for (const s of stats) children.set(s.ppid, [...(children.get(s.ppid) ?? []), s]);
  let total = 0;
  const pending = stats.filter((s) => s.pid === root);
  while (pending.length > 0) {
    const s = pending.pop()!;
    total += s.ticks;
    pending.push(...(children.get(s.pid) ?? []));
  }
  return total;
}

/** Every process's stat line now (processes that exit while being read are skipped). */
function readAllStats(): ProcStat[] {
  const stats: ProcStat[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      stats.push(parseStat(readFileSync(`/proc/${entry}/stat`, "utf8")));
    } catch {
      // gone
    }
  }
  return stats;
}

/** The Postgres server (postmaster) listening on `port`, found by its command line. */
export function postmasterPid(port: number): number {
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let args: string[];
    try {
      args = readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0");
    } catch {
      continue;
    }
    if (args[0]?.endsWith("/postgres") && args.includes(`-p`) && args[args.indexOf("-p") + 1] === String(port)) return Number(entry);
  }
  throw new Error(`no Postgres server with -p ${port}`);
}

/** The busy ticks of all cores together from /proc/stat's first line (everything but idle and iowait). */
export function machineBusyTicks(procStat: string): number {
  const line = procStat.split("\n").find((l) => l.startsWith("cpu "));
  if (!line) throw new Error("no cpu line in /proc/stat");
  // user nice system idle iowait irq softirq steal (guest time is already inside user and nice).
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = line.trim().split(/\s+/).slice(1, 9).map(Number);
  return user + nice + system + irq + softirq + steal;
}

const TICKS_PER_SECOND = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim());

/** CPU seconds process `pid` (and its reaped children) has used so far. */
export const cpuSeconds = (pid: number): number => parseStat(readFileSync(`/proc/${pid}/stat`, "utf8")).ticks / TICKS_PER_SECOND;

/**
 * CPU used by named processes (each with its descendants, or `alone`: e.g. the benchmark itself,
 * whose children are the measured servers) from the call until `stop()`, in cores (CPU seconds
 * per second of wall time): what each took of the machine while the load ran; and `machine`, what
 * every process on it took (the difference is other people's work on a shared machine).
 */
export function cpuMeter(roots: Record<string, { pid: number; alone?: boolean }>): { stop(): Record<string, number> } {
  const snapshot = (): Record<string, number> => {
    const stats = readAllStats();
    return {
      ...Object.fromEntries(Object.entries(roots).map(([name, root]) => [name, treeTicks(stats, root.pid, root.alone)])),
      machine: machineBusyTicks(readFileSync("/proc/stat", "utf8")),
    };
  };
  const before = snapshot();
  const started = performance.now();
  return {
    stop: () => {
      const after = snapshot();
      const seconds = (performance.now() - started) / 1000;
      return Object.fromEntries(
        [...Object.keys(roots), "machine"].map((name) => [name, Math.round(((after[name]! - before[name]!) / TICKS_PER_SECOND / seconds) * 100) / 100]),
      );
    },
  };
}

/**
 * Resolves once the process `pid` (alone) used less than `belowCores` over a whole `windowMs`: a
 * freshly started API's one-time work (pre-rendering every Pix image) is over, and a measured run
 * that follows counts requests only.
 */
export async function waitUntilIdle(pid: number, { belowCores = 0.05, windowMs = 1_000, timeoutMs = 180_000 } = {}): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const meter = cpuMeter({ process: { pid, alone: true } });
    await new Promise((resolve) => setTimeout(resolve, windowMs));
    const used = meter.stop().process ?? 0;
    if (used < belowCores) return;
    if (Date.now() > deadline) throw new Error(`process ${pid} still used ${used} cores after ${timeoutMs} ms`);
  }
}
