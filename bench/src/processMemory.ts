import { readFileSync } from "node:fs";

export interface ProcessMemory {
  /** Resident memory now (VmRSS), MB. */
  rssMb: number;
  /** The largest it has been (VmHWM), MB. */
  peakMb: number;
}

/** VmRSS and VmHWM of a /proc/<pid>/status text, in MB (rounded). */
export function parseStatusMemory(status: string): ProcessMemory {
  const mb = (field: string): number => {
    const kb = new RegExp(`^${field}:\\s+(\\d+) kB$`, "m").exec(status)?.[1];
    if (kb === undefined) throw new Error(`no ${field} in the process status`);
    return Math.round(Number(kb) / 1024);
  };
  return { rssMb: mb("VmRSS"), peakMb: mb("VmHWM") };
}

/** The memory of a running process. */
export const processMemory = (pid: number): ProcessMemory => parseStatusMemory(readFileSync(`/proc/${pid}/status`, "utf8"));
