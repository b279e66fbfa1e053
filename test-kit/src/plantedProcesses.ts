import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import { afterEach } from "node:test";
import { identify, type ProcessIdentity } from "@pixlings/scripts/process/processIdentity";

/**
 * For tests of process control: returns `plant`, which starts a real process (`sleep 300` unless
 * told otherwise) in a session of its own, as the stack's children are, and returns its identity.
 * Whatever a test planted and left running is SIGKILLed after it.
 */
export function processPlanter(): (command?: string, args?: string[]) => ProcessIdentity {
  const spawned: ChildProcess[] = [];
  afterEach(() => {
    for (const child of spawned.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  });
  return (command = "sleep", args = ["300"]) => {
    const child = spawn(command, args, { detached: true, stdio: "ignore" });
    spawned.push(child);
    const identity = child.pid === undefined ? undefined : identify(child.pid);
    assert.ok(identity, `${command} did not start`);
    return identity;
  };
}
