// `npm start` ended some way other than Ctrl-C: killed outright (its watchdog stops the stack),
// then killed with its watchdog suspended (the next start finds and stops the leftovers), and
// SIGHUP. Registered by start.slow.test.ts, on its state folder and ports (a start on saved state
// instead of a fresh one); the second test runs on the state the first one left.
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { assertPortFree } from "../chains/freePort.ts";
import { runRecordFile } from "./runRecord.ts";
import {
  assertNoneRunning,
  assertPortsFree,
  commandLine,
  getJson,
  READY_TIMEOUT_MS,
  running,
  startStack,
  STOP_TIMEOUT_MS,
  type StackPorts,
} from "./startScriptRun.ts";

/** The promise: once the start script is killed, every child of it is gone within this. */
const KILLED_STACK_GONE_MS = 2_000;

/** The tests of an `npm start` killed outright, on the state folder and ports `where` answers. */
export function registerStackLifeTests(where: () => { dir: string; ports: StackPorts }): void {
  const isWatchdog = (pid: number): boolean => commandLine(pid).includes(path.join("scripts", "start", "watchdog.ts"));
  const stateRecord = (): string => runRecordFile(path.join(where().dir, "state"));

  async function portsFree(): Promise<boolean> {
    try {
      for (const port of Object.values(where().ports)) await assertPortFree(port, "");
      return true;
    } catch {
      return false;
    }
  }

  test("npm start killed outright (SIGKILL): its watchdog stops every child, and the ports come free, within 2 s", { timeout: READY_TIMEOUT_MS }, async (t) => {
    const { dir, ports } = where();
    // 1. SIGKILL once ready: the watchdog stops every child, and the ports come free, within 2 s.
    const first = await startStack(dir, ports);
    const firstProcesses = first.descendants();
    assert.ok(firstProcesses.some(isWatchdog), `no watchdog among ${firstProcesses.map(commandLine).join("; ")}`);
    assert.ok(firstProcesses.length >= 5, `${firstProcesses.length} child processes`);
    const killedAt = performance.now();
    process.kill(first.pid, "SIGKILL");
    let goneMs = Number.POSITIVE_INFINITY;
    while (performance.now() - killedAt < KILLED_STACK_GONE_MS) {
      if (!firstProcesses.some(running) && (await portsFree())) {
        goneMs = performance.now() - killedAt;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    assertNoneRunning(firstProcesses);
    await assertPortsFree(ports);
    assert.ok(goneMs <= KILLED_STACK_GONE_MS, `the stack took ${goneMs} ms to go`);
    assert.deepEqual(await first.exited, { code: null, signal: "SIGKILL" });
    assert.match(
      first.output(),
      new RegExp(`^watchdog: npm start \\(pid ${first.pid}\\) is gone; stopped API \\(pid \\d+\\), Indexer \\(Ponder\\) \\(pid \\d+\\), Local`, "m"),
    );
    // It did not stop cleanly: its record stays for the next start (Ponder's lock is in it).
    assert.ok(existsSync(stateRecord()));
    t.diagnostic(`stack gone ${goneMs.toFixed(0)} ms after the SIGKILL (noisy: shared machine)`);
  });

  test("the next start after a kill: nothing to report, state and lock fine; killed with its watchdog suspended, the start after names the leftovers in one line, stops them and comes up; SIGHUP stops like SIGTERM", {
    timeout: 2 * READY_TIMEOUT_MS + 2 * STOP_TIMEOUT_MS,
  }, async () => {
    const { dir, ports } = where();
    // 2. The next start: nothing was left running, the chains had saved their state, Ponder's lock
    // was cleared. Then killed again, its watchdog suspended first: now the stack is left running.
    const second = await startStack(dir, ports);
    const secondProcesses = second.descendants();
    const watchdog = secondProcesses.find(isWatchdog);
    try {
      assert.doesNotMatch(second.output(), /An earlier npm start/);
      // The killed Ponder's lock (its unlock on SIGTERM never lands) was cleared before Ponder started.
      assert.match(second.output(), /^Cleared the schema lock pixlings_\w+ that the earlier run's Ponder left\.$/m);
      assert.match(second.output(), /Local Ethereum \(31337\).*reused\s+none needed \(40 chunks on chain\)/);
      assert.match(second.output(), /Local Polygon \(31338\).*reused\s+none needed \(40 chunks on chain\)/);
      assert.doesNotMatch(second.output(), /Schema is locked/);
      assert.deepEqual(await getJson(`${second.url}/api/stats`), { total: 9999, minted: 0, owners: 0, available: 9999 });
      assert.ok(watchdog, `no watchdog among ${secondProcesses.map(commandLine).join("; ")}`);
      process.kill(watchdog, "SIGSTOP");
      process.kill(second.pid, "SIGKILL");
      assert.deepEqual(await second.exited, { code: null, signal: "SIGKILL" });
      assert.deepEqual(await getJson(`${second.url}/api/health`), { status: "ok", database: "pglite" });
      const leftovers = secondProcesses.filter((pid) => !commandLine(pid).includes("esbuild"));

      // 3. The next start names them (services and watchdog) in one line, stops them, comes up.
      const third = await startStack(dir, ports);
      const thirdProcesses = third.descendants();
      try {
        const report = third.output().match(/^An earlier npm start.*$/gm) ?? [];
        assert.equal(report.length, 1, third.output());
        assert.match(report[0]!, new RegExp(`^An earlier npm start \\(pid ${second.pid}, gone\\) left .* running in .*; stopping them\\.$`));
        for (const pid of leftovers) assert.match(report[0]!, new RegExp(`\\(pid ${pid}\\)`), `pid ${pid} (${commandLine(pid)}) not named`);
        assertNoneRunning(secondProcesses);
        assert.match(third.output(), /^Cleared the schema lock pixlings_\w+ that the earlier run's Ponder left\.$/m);
        // The leftover chains were stopped with SIGTERM, so they saved their state.
        assert.match(third.output(), /Local Ethereum \(31337\).*reused\s+none needed \(40 chunks on chain\)/);
        assert.doesNotMatch(third.output(), /Schema is locked/);
        assert.deepEqual(await getJson(`${third.url}/api/stats`), { total: 9999, minted: 0, owners: 0, available: 9999 });
      } finally {
        const stopped = await third.stop("SIGHUP");
        assert.deepEqual(stopped, { code: 0, signal: null }, third.output());
      }
      assert.match(third.output(), /^SIGHUP: stopping Pixlings\.$/m);
      assert.match(
        third.output(),
        /Stopping API\.\.\.\nStopping Local Printful\.\.\.\nStopping Local Stripe\.\.\.\nStopping Local Google\.\.\.\nStopping Indexer \(Ponder\)\.\.\.[\s\S]*Stopping Local Ethereum, Local Polygon\.\.\.\n[\s\S]*Stopped\.\n$/,
      );
      assertNoneRunning(thirdProcesses);
      await assertPortsFree(ports);
      assert.equal(existsSync(stateRecord()), false, "a clean stop leaves no run record");
    } finally {
      for (const pid of secondProcesses.filter(running)) process.kill(pid, "SIGKILL");
    }
  });
}
