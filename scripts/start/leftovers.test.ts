// What the next `npm start` does with an earlier run's record: stopped processes planted as that
// run's services (real `sleep` processes in their own sessions, as the stack's children are).
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { processPlanter } from "@pixlings/test-kit/plantedProcesses";
import { bootId, identify, isRunning, type ProcessIdentity } from "../process/processIdentity.ts";
import { stopLeftovers } from "./leftovers.ts";
import { runRecordFile, type RunRecord } from "./runRecord.ts";

let dir: string;
const plant = processPlanter();

before(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "pixlings-leftovers-"));
});
after(() => rmSync(dir, { recursive: true, force: true }));

/** The identity of a process that ran and is gone. */
async function gone(): Promise<ProcessIdentity> {
  const child = spawn("true", { stdio: "ignore" });
  const identity = identify(child.pid!);
  await new Promise((resolve) => child.once("exit", resolve));
  return identity ?? { pid: child.pid!, startTime: 1 };
}

function writeRecord(stateRoot: string, record: RunRecord): string {
  const file = runRecordFile(stateRoot);
  rmSync(stateRoot, { recursive: true, force: true });
  mkdirSync(stateRoot, { recursive: true });
  writeFileSync(file, JSON.stringify(record));
  return file;
}

async function runStop(stateRoot: string): Promise<string[]> {
  const lines: string[] = [];
  await stopLeftovers(stateRoot, (line) => lines.push(line), {});
  return lines;
}

test("no record: nothing to say, nothing stopped", async () => {
  const lines = await runStop(path.join(dir, "empty"));
  assert.deepEqual(lines, []);
});

test("a killed run's live services and suspended watchdog are stopped, named in one line; a recycled pid is left alone", async () => {
  const stateRoot = path.join(dir, "killed");
  const [chain, api, watchdog, stranger] = [plant(), plant(), plant(), plant()];
  process.kill(watchdog.pid, "SIGSTOP");
  const file = writeRecord(stateRoot, {
    bootId: bootId(),
    startScript: await gone(),
    watchdog,
    services: [
      { name: "Local Ethereum", ...chain },
      // The pid of a live process that started at another time: a newer process with a reused pid.
      { name: "Indexer (Ponder)", pid: stranger.pid, startTime: stranger.startTime + 1 },
      { name: "API", ...api },
    ],
  });
  const lines = await runStop(stateRoot);
  assert.equal(lines.length, 1, lines.join("\n"));
  assert.match(
    lines[0]!,
    new RegExp(
      `^An earlier npm start \\(pid \\d+, gone\\) left Local Ethereum \\(pid ${chain.pid}\\), API \\(pid ${api.pid}\\), its watchdog \\(pid ${watchdog.pid}\\) running in .*; stopping them\\.$`,
    ),
  );
  assert.doesNotMatch(lines[0]!, new RegExp(`pid ${stranger.pid}\\b`));
  for (const leftover of [chain, api, watchdog]) assert.equal(isRunning(leftover), false, `pid ${leftover.pid} still runs`);
  assert.equal(isRunning(stranger), true, "the process with a recycled pid was stopped");
  assert.equal(existsSync(file), false, "the record was kept");
});

test("the earlier start script still runs: refuses, stops nothing and keeps the record", async () => {
  const stateRoot = path.join(dir, "running");
  const [startScript, chain] = [plant(), plant()];
  const file = writeRecord(stateRoot, { bootId: bootId(), startScript, watchdog: await gone(), services: [{ name: "Local Ethereum", ...chain }] });
  await assert.rejects(runStop(stateRoot), new RegExp(`^Error: Another npm start \\(pid ${startScript.pid}\\) is running on ${stateRoot}; stop it first`));
  assert.equal(isRunning(chain), true);
  assert.equal(existsSync(file), true);
});

test("a record from another boot: its pids mean nothing now, so nothing is stopped", async () => {
  const stateRoot = path.join(dir, "rebooted");
  const [startScript, chain] = [plant(), plant()];
  const file = writeRecord(stateRoot, { bootId: "another-boot", startScript, watchdog: chain, services: [{ name: "Local Ethereum", ...chain }] });
  assert.deepEqual(await runStop(stateRoot), []);
  assert.equal(isRunning(chain), true);
  assert.equal(existsSync(file), false);
});

test("a damaged record is an error that names the file", async () => {
  const stateRoot = path.join(dir, "damaged");
  const file = writeRecord(stateRoot, { bootId: bootId(), startScript: await gone(), watchdog: await gone(), services: [] });
  writeFileSync(file, JSON.stringify({ services: "API" }));
  await assert.rejects(runStop(stateRoot), (error: Error) => error.message.startsWith(`${file} is not an npm start run record`));
});
