import type { ChildProcess } from "node:child_process";

/** Asks `child` to stop (SIGTERM, so it can save its state) and kills it after `timeoutMs`. */
export async function stopChild(child: ChildProcess, exited: Promise<unknown>, timeoutMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
  await exited;
  clearTimeout(timer);
}
