import { readFileSync } from "node:fs";
import { z } from "zod";

/**
 * A process as the kernel knows it (Linux /proc): its pid and when it started, in clock ticks
 * since boot. A pid can be reused once its process is gone; pid and start time together cannot
 * (within one boot), so a recorded process is never mistaken for a newer one with its pid.
 */
export const ProcessIdentitySchema = z.object({
  pid: z.number().int().positive(),
  startTime: z.number().int().nonnegative(),
});
export type ProcessIdentity = z.infer<typeof ProcessIdentitySchema>;

interface ProcStat {
  state: string;
  processGroup: number;
  startTime: number;
}

/** /proc/<pid>/stat, or undefined when no such process exists (or it is not ours to read). */
function readStat(pid: number): ProcStat | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return undefined;
  }
  // The command name (field 2) is in parentheses and may itself hold spaces and parentheses.
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  const [state, processGroup, startTime] = [fields[0], Number(fields[2]), Number(fields[19])];
  if (state === undefined || !Number.isInteger(processGroup) || !Number.isInteger(startTime)) return undefined;
  return { state, processGroup, startTime };
}

/** Identifies this boot: start times from another boot say nothing about processes now. */
export function bootId(): string {
  return readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
}

/** The identity of the running process `pid`, or undefined when it is gone. */
export function identify(pid: number): ProcessIdentity | undefined {
  const stat = readStat(pid);
  return stat === undefined || isDead(stat) ? undefined : { pid, startTime: stat.startTime };
}

const isDead = (stat: ProcStat): boolean => stat.state === "Z" || stat.state === "X";

/** Whether exactly this process still runs (a zombie does not; a newer process with its pid is not it). */
export function isRunning(process: ProcessIdentity): boolean {
  const stat = readStat(process.pid);
  return stat !== undefined && !isDead(stat) && stat.startTime === process.startTime;
}

/** Whether the process leads its own process group (our children do: they are spawned detached). */
export function leadsProcessGroup(process: ProcessIdentity): boolean {
  return readStat(process.pid)?.processGroup === process.pid;
}
