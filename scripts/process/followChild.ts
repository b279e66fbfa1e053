import type { ChildProcess } from "node:child_process";
import { stopChild } from "./stopChild.ts";

export interface FollowedChild {
  /** Resolves with the exit code (null when signalled) once the child exits, for any reason. */
  exited: Promise<number | null>;
  /** Whether the child has exited by now. */
  hasExited(): boolean;
  /** SIGTERM (so it can save its state), SIGKILL after `timeoutMs`; resolves once it has exited. */
  stop(timeoutMs: number): Promise<void>;
}

/**
 * Follows `child` until it exits. Should this process exit first, `child` gets
 * `signalOnOurExit` (SIGKILL; SIGTERM for anvil, which dumps its state on it), so that it never
 * outlives us.
 */
export function followChild(child: ChildProcess, signalOnOurExit: NodeJS.Signals): FollowedChild {
  const signalOnExit = (): void => void child.kill(signalOnOurExit);
  process.once("exit", signalOnExit);
  let hasExited = false;
  const exited = new Promise<number | null>((resolve) => {
    const onExit = (code: number | null): void => {
      hasExited = true;
      process.off("exit", signalOnExit);
      resolve(code);
    };
    if (child.exitCode !== null || child.signalCode !== null) onExit(child.exitCode);
    else child.once("exit", onExit);
  });
  return { exited, hasExited: () => hasExited, stop: (timeoutMs) => stopChild(child, exited, timeoutMs) };
}
