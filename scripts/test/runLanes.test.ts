import assert from "node:assert/strict";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PassThrough } from "node:stream";
import { describe, it } from "node:test";
import { type LaneCommand, type LaneOptions, parseTimes, runCommand, runLanes } from "./runLanes.ts";

/** A node one-liner: prints `text` after `delayMs`, exits with `code`. */
const say = (text: string, delayMs: number, code = 0): LaneCommand => ({
  command: process.execPath,
  args: ["-e", `setTimeout(() => { process.stdout.write(${JSON.stringify(text)}); process.exit(${code}); }, ${delayMs})`],
});

async function run(lanes: LaneCommand[][], options?: LaneOptions): Promise<{ ok: boolean; log: string }> {
  const out = new PassThrough();
  let log = "";
  out.on("data", (chunk: Buffer) => {
    log += chunk.toString();
  });
  const ok = await runLanes(lanes, out, options);
  return { ok, log };
}

describe("runLanes", () => {
  it("runs lanes side by side and prints them lane by lane, never interleaved", async () => {
    const marker = path.join(await mkdtemp(path.join(tmpdir(), "lanes-")), "b-started");
    // Lane a's first command waits for lane b to have started: one lane after the other would fail.
    const waitForB: LaneCommand = {
      command: process.execPath,
      args: [
        "-e",
        `const fs = require("node:fs"); const until = Date.now() + 20000;
         const poll = () => fs.existsSync(${JSON.stringify(marker)}) ? process.stdout.write("a1 ") : Date.now() > until ? process.exit(1) : setTimeout(poll, 20);
         poll();`,
      ],
    };
    const startB: LaneCommand = {
      command: process.execPath,
      args: ["-e", `require("node:fs").writeFileSync(${JSON.stringify(marker)}, ""); process.stdout.write("b1 ")`],
    };
    const result = await run([[waitForB, say("a2 ", 100)], [startB, say("b2 ", 0)], [say("c1 ", 50)]]);
    assert.equal(result.ok, true);
    assert.equal(result.log, "a1 a2 b1 b2 c1 ");
  });

  it("stops a lane at its first failure and fails the whole run; other lanes finish", async () => {
    const result = await run([[say("a1 ", 0, 3), say("never ", 0)], [say("b1 ", 100)]]);
    assert.equal(result.ok, false);
    assert.equal(result.log, "a1 b1 ");
  });

  it("fails when a command cannot start", async () => {
    const result = await run([[{ command: "/nonexistent/command", args: [] }]]);
    assert.equal(result.ok, false);
    assert.match(result.log, /\/nonexistent\/command/);
  });

  it("with timings, says after each command of its lane how long it took and whether it passed", async () => {
    const result = await run([[say("a1\n", 0), say("a2\n", 0, 1)], [say("b1\n", 0)]], { timings: true });
    assert.equal(result.ok, false);
    const lines = result.log.split("\n");
    assert.equal(lines[0], "a1");
    assert.match(lines[1]!, /^\[lanes\] \S+ -e .+: passed in 0 min \d+ s, \d+ s of CPU$/);
    assert.equal(lines[2], "a2");
    assert.match(lines[3]!, /^\[lanes\] \S+ -e .+: failed in 0 min \d+ s, \d+ s of CPU$/);
    assert.equal(lines[4], "b1");
    assert.match(lines[5]!, /: passed in 0 min \d+ s, \d+ s of CPU$/);
  });

  it("counts the CPU of what a command started and waited for, not its waiting", async () => {
    // Half a second of CPU burnt in a child of the command's own, then a second asleep.
    const burn = "const until = process.cpuUsage().user + 500_000; while (process.cpuUsage().user < until);";
    const step: LaneCommand = {
      command: process.execPath,
      args: ["-e", `require("node:child_process").execFileSync(process.execPath, ["-e", ${JSON.stringify(burn)}]); setTimeout(() => {}, 1000)`],
    };
    const started = performance.now();
    const { ok, cpuSeconds } = await runCommand(step, () => {}, undefined);
    const wallSeconds = (performance.now() - started) / 1000;
    assert.equal(ok, true);
    assert.ok(cpuSeconds !== undefined && cpuSeconds >= 0.5, `${cpuSeconds} s of CPU: the child's half second is missing`);
    assert.ok(cpuSeconds <= wallSeconds - 0.8, `${cpuSeconds} s of CPU in ${wallSeconds} s: the sleep was counted`);
  });

  it("reads the children's line of bash's times", () => {
    assert.equal(parseTimes("0m0.004s 0m0.001s\n2m3.500s 0m12.250s\n"), 135.75);
    assert.equal(parseTimes("0m0,004s 0m0,001s\n1m0,500s 0m0,250s\n"), 60.75);
    assert.equal(parseTimes("0m0.004s 0m0.001s\n"), undefined);
    assert.equal(parseTimes(""), undefined);
  });

  it("runs the commands in the environment it is given", async () => {
    const printVariable: LaneCommand = { command: process.execPath, args: ["-e", "process.stdout.write(String(process.env.LANES_TEST_VALUE))"] };
    const result = await run([[printVariable]], { env: { ...process.env, LANES_TEST_VALUE: "given" } });
    assert.equal(result.ok, true);
    assert.equal(result.log, "given");
  });
});
