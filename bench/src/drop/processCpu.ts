// Where the CPU went during the drop: user + system seconds of each process of the stack, read
// from /proc (Linux), grouped by what the process is.
import { readdirSync, readFileSync } from "node:fs";

const TICKS_PER_SECOND = 100;

interface Proc {
  pid: number;
  ppid: number;
  cpuSeconds: number;
  cmdline: string;
}

function readProc(pid: number): Proc | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may hold spaces and parentheses: the fields after it start at the last ")".
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ").trim();
    return { pid, ppid: Number(fields[1]), cpuSeconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND, cmdline };
  } catch {
    return undefined;
  }
}

/** A short name for a process of the stack, from its command line. */
function roleOf(cmdline: string, webPids: ReadonlyMap<number, string>, pid: number): string {
  const known = webPids.get(pid);
  if (known) return known;
  if (/\banvil\b/.test(cmdline)) return "anvil (2 chains)";
  if (/ponder/.test(cmdline)) return / serve\b/.test(cmdline) ? "ponder serve" : "ponder start";
  if (/^postgres/.test(cmdline)) return "postgres";
  if (/esbuild/.test(cmdline)) return "esbuild";
  return cmdline.slice(0, 60);
}

/**
 * CPU seconds so far of this process (the bench: its buyers), its descendants (the stand-ins'
 * process among them), and the Postgres server on `pgPort` (started by pg_ctl, so no descendant).
 */
export function stackCpu(pgPort: number, named: ReadonlyMap<number, string>): Map<string, number> {
  const procs = readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .map((name) => readProc(Number(name)))
    .filter((p): p is Proc => p !== undefined);
  const children = new Map<number, Proc[]>();
  for (const p of procs) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p]);
  const roots = procs.filter((p) => p.pid === process.pid || (/^(\S*\/)?postgres /.test(p.cmdline) && p.cmdline.includes(`-p ${pgPort} `)));
  const out = new Map<string, number>();
  const visit = (p: Proc, role: string | undefined): void => {
    const own = p.pid === process.pid ? "bench (the buyers)" : (role ?? roleOf(p.cmdline, named, p.pid));
    out.set(own, (out.get(own) ?? 0) + p.cpuSeconds);
    const inherited = own === "postgres" ? "postgres" : undefined;
    for (const child of children.get(p.pid) ?? []) visit(child, inherited);
  };
  for (const root of roots) visit(root, /postgres/.test(root.cmdline) && root.pid !== process.pid ? "postgres" : undefined);
  return out;
}
