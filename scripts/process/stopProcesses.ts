import { isRunning, leadsProcessGroup, type ProcessIdentity } from "./processIdentity.ts";

export interface NamedProcess extends ProcessIdentity {
  name: string;
}

const POLL_MS = 25;
/** How long SIGKILLed processes may take to be gone before we give up on them. */
const KILL_WAIT_MS = 2_000;

/**
 * Sends `signal` to the process if it is still exactly that process, to its whole group when it
 * leads one (Ponder's helpers go with it). Returns whether it was sent.
 */
function signalProcess(target: ProcessIdentity, signal: NodeJS.Signals): boolean {
  if (!isRunning(target)) return false;
  try {
    process.kill(leadsProcessGroup(target) ? -target.pid : target.pid, signal);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ESRCH") return false;
    throw error;
  }
}

/** Waits until none of `targets` runs or `timeoutMs` passed; returns those still running. */
async function waitGone<T extends ProcessIdentity>(targets: readonly T[], timeoutMs: number): Promise<T[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const left = targets.filter(isRunning);
    if (left.length === 0 || Date.now() >= deadline) return left;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

export interface StopResult<T> {
  /** Those that were running when asked to stop. */
  found: T[];
  /** Those still running after `graceMs`, so killed with SIGKILL. */
  killed: T[];
}

/**
 * Stops processes that are not our children (no exit event to wait for), all at once: SIGTERM
 * (anvil saves its state; Ponder and the API close) plus SIGCONT so a suspended one handles it
 * too, then SIGKILL for any still running after `graceMs`. Throws when one survives even that.
 */
export async function stopProcesses<T extends NamedProcess>(targets: readonly T[], graceMs: number): Promise<StopResult<T>> {
  const found = targets.filter((target) => signalProcess(target, "SIGTERM"));
  for (const target of found) signalProcess(target, "SIGCONT");
  const killed = await waitGone(found, graceMs);
  for (const target of killed) signalProcess(target, "SIGKILL");
  const survivors = await waitGone(killed, KILL_WAIT_MS);
  if (survivors.length > 0) {
    throw new Error(`Could not stop ${survivors.map((target) => `${target.name} (pid ${target.pid})`).join(", ")}`);
  }
  return { found, killed };
}

/** SIGKILLs processes that hold no state worth saving (a suspended watchdog) and waits for them. */
export async function killProcesses<T extends NamedProcess>(targets: readonly T[]): Promise<T[]> {
  const found = targets.filter((target) => signalProcess(target, "SIGKILL"));
  const survivors = await waitGone(found, KILL_WAIT_MS);
  if (survivors.length > 0) throw new Error(`Could not kill ${survivors.map((target) => `${target.name} (pid ${target.pid})`).join(", ")}`);
  return found;
}
