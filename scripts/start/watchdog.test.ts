// The watchdog on its own: this test process plays the start script (it spawns the watchdog and
// writes the run record), with real processes as the services. Closing the watchdog's pipe is
// what the kernel does when the script dies; start.slow.test.ts (with stackLifeTests.ts) kills the real one.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { processPlanter } from "@pixlings/test-kit/plantedProcesses";
import { bootId, identify, isRunning, type ProcessIdentity } from "../process/processIdentity.ts";
import { RunRecorder, runRecordFile, type RunRecord } from "./runRecord.ts";
import { startWatchdog } from "./watchdogProcess.ts";

/** The watchdog's grace before SIGKILL is 1.5 s. */
const GRACE_MS = 1_500;

let dir: string;
const plant = processPlanter();

before(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "pixlings-watchdog-"));
});
after(() => rmSync(dir, { recursive: true, force: true }));

/** Polls until `target` no longer runs; resolves with when (performance.now()), or fails after `timeoutMs`. */
async function goneAt(target: ProcessIdentity, timeoutMs: number): Promise<number> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const now = performance.now();
    if (!isRunning(target)) return now;
    assert.ok(now < deadline, `pid ${target.pid} still runs after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Writes the run record as the start script (this process) would, with `services` as given. */
function writeRecord(file: string, watchdogPid: number, services: RunRecord["services"], startScript = identify(process.pid)): void {
  const watchdog = identify(watchdogPid);
  assert.ok(startScript && watchdog);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify({ bootId: bootId(), startScript, watchdog, services } satisfies RunRecord));
}

test("the start script gone: every recorded service is stopped within 2 s, one that ignores SIGTERM too; a recycled pid is left alone", async (t) => {
  const file = runRecordFile(path.join(dir, "killed"));
  const watchdog = startWatchdog(file);
  const polite = plant("sleep", ["300"]);
  // Ignores SIGTERM (its group's too, but its `sleep`s die of it): only the SIGKILL after the grace ends it.
  const stubborn = plant("sh", ["-c", "trap '' TERM; while :; do sleep 0.05; done"]);
  const stranger = plant("sleep", ["300"]);
  writeRecord(file, watchdog.pid, [
    { name: "Local Ethereum", ...polite },
    // A pid since reused by `stranger`: only the start time tells them apart.
    { name: "Local Polygon", pid: stranger.pid, startTime: stranger.startTime - 1 },
    { name: "Indexer (Ponder)", ...stubborn },
  ]);
  const since = performance.now();
  const stopped = watchdog.stop();
  // The SIGTERM lands when the watchdog acts (after its own start-up, here just now): `polite` goes.
  const politeGone = await goneAt(polite, 10_000);
  // `stubborn` gets the grace, then SIGKILL: gone within 2 s of the SIGTERM.
  const stubbornGone = await goneAt(stubborn, 2_000);
  assert.ok(stubbornGone - politeGone >= GRACE_MS - 200, `the one that ignores SIGTERM went ${stubbornGone - politeGone} ms after the SIGTERM: no grace`);
  await stopped;
  assert.equal(await watchdog.exited, 0);
  assert.equal(isRunning(stranger), true, "the process with a reused pid was stopped");
  t.diagnostic(
    `SIGTERM obeyed ${(politeGone - since).toFixed(0)} ms after the pipe closed (the watchdog's own start-up included), SIGKILL ${(stubbornGone - politeGone).toFixed(0)} ms after that (noisy: shared machine)`,
  );
});

test("a record another start script wrote (a later run on the folder) is not the watchdog's to enforce", async () => {
  const file = runRecordFile(path.join(dir, "taken-over"));
  const watchdog = startWatchdog(file);
  const [otherScript, service] = [plant("sleep", ["300"]), plant("sleep", ["300"])];
  writeRecord(file, watchdog.pid, [{ name: "API", ...service }], otherScript);
  await watchdog.stop();
  assert.equal(await watchdog.exited, 0);
  assert.equal(isRunning(service), true);
});

test("after a clean stop (nothing recorded still runs) the watchdog just exits", async () => {
  const file = runRecordFile(path.join(dir, "clean"));
  const watchdog = startWatchdog(file);
  const recorder = new RunRecorder(file, watchdog.pid);
  const done = spawn("true", { stdio: "ignore" });
  recorder.addService("API", done.pid);
  await new Promise((resolve) => done.once("exit", resolve));
  const since = performance.now();
  await watchdog.stop();
  assert.equal(await watchdog.exited, 0);
  // Its own start-up (~0.4 s) only: it would take the grace (1.5 s) had it signalled anything.
  assert.ok(performance.now() - since < GRACE_MS, "the watchdog waited for nothing");
});
