import assert from "node:assert/strict";
import { test } from "node:test";
import { machineBusyTicks, parseStat, treeTicks, type ProcStat } from "./cpuTicks.ts";

/** A /proc/<pid>/stat line with the fields that matter set (the rest zero). */
function statLine(pid: number, comm: string, ppid: number, [utime, stime, cutime, cstime]: number[]): string {
  const fields = ["S", ppid, 0, 0, 0, 0, 0, 0, 0, 0, 0, utime, stime, cutime, cstime, 20, 0, 4, 0, 123456];
  return `${pid} (${comm}) ${fields.join(" ")}\n`;
}

test("parseStat reads the parent and utime + stime + cutime + cstime, whatever the command name holds", () => {
  assert.deepEqual(parseStat(statLine(42, "node", 7, [100, 20, 3, 1])), { pid: 42, ppid: 7, ticks: 124 });
  assert.deepEqual(parseStat(statLine(43, "postgres: (idle) x) y", 42, [5, 6, 0, 0])), { pid: 43, ppid: 42, ticks: 11 });
  assert.throws(() => parseStat("garbage"), /not a \/proc\/<pid>\/stat line/);
});

test("treeTicks sums a process and all its descendants, and nothing else; alone counts the root only", () => {
  const stats: ProcStat[] = [
    { pid: 1, ppid: 0, ticks: 1000 },
    { pid: 10, ppid: 1, ticks: 5 },
    { pid: 11, ppid: 10, ticks: 7 },
    { pid: 12, ppid: 11, ticks: 11 },
    { pid: 13, ppid: 10, ticks: 13 },
    { pid: 20, ppid: 1, ticks: 17 },
  ];
  assert.equal(treeTicks(stats, 10), 5 + 7 + 11 + 13);
  assert.equal(treeTicks(stats, 11), 7 + 11);
  assert.equal(treeTicks(stats, 10, true), 5);
  assert.equal(treeTicks(stats, 99), 0);
});

test("machineBusyTicks counts every core's busy time and leaves out idle and iowait", () => {
  const procStat = "cpu  100 2 30 5000 40 5 6 7 0 0\ncpu0 50 1 15 2500 20 2 3 3 0 0\nintr 1 2 3\n";
  assert.equal(machineBusyTicks(procStat), 100 + 2 + 30 + 5 + 6 + 7);
  assert.throws(() => machineBusyTicks("intr 1 2 3\n"), /no cpu line/);
});
