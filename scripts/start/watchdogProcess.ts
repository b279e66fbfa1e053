import { spawn } from "node:child_process";
import path from "node:path";
import { REPO_ROOT } from "../paths.ts";
import type { Service } from "../process/service.ts";

const WATCHDOG_MAIN = path.join(REPO_ROOT, "scripts", "start", "watchdog.ts");
const STOP_TIMEOUT_MS = 5_000;

export interface WatchdogProcess extends Service {
  pid: number;
}

/**
 * The watchdog (watchdog.ts) for the run recorded in `recordFile`: in a session of its own, so
 * neither a terminal's signals nor a kill of our process group reach it. Its stdin is a pipe
 * only we hold (Node opens pipes close-on-exec, so no other child inherits it). `stop()` closes
 * the pipe as our death would, once everything it guards has stopped.
 */
export function startWatchdog(recordFile: string): WatchdogProcess {
  const child = spawn(process.execPath, [WATCHDOG_MAIN, recordFile, String(process.pid)], {
    cwd: REPO_ROOT,
    stdio: ["pipe", "ignore", "inherit"],
    detached: true,
  });
  if (child.pid === undefined) throw new Error("could not start the watchdog");
  // The pipe breaks if the watchdog dies first; that shows as its exit, not as an error here.
  child.stdin.on("error", () => undefined);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const stop = async (): Promise<void> => {
    child.stdin.end();
    const timer = setTimeout(() => child.kill("SIGKILL"), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  };
  return { name: "Watchdog", pid: child.pid, exited, stop };
}
