// followChild with real processes: Node children that exit, handle SIGTERM or ignore it, and a
// Node parent that exits while its followed child still runs.
import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { once } from "node:events";
import { after, before, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { pathToFileURL } from "node:url";
import { followChild } from "./followChild.ts";
import { isRunning, type ProcessIdentity } from "./processIdentity.ts";

const FOLLOW_CHILD_URL = pathToFileURL(path.join(import.meta.dirname, "followChild.ts")).href;

let dir: string;
before(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "pixlings-follow-child-"));
});
after(() => rmSync(dir, { recursive: true, force: true }));

/** `node -e script`; resolves once it printed "ready" (its signal handlers are in place by then). */
async function startNode(script: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["-e", script], { stdio: ["ignore", "pipe", "inherit"] });
  let out = "";
  child.stdout?.on("data", (data: Buffer) => (out += data.toString()));
  while (!out.includes("ready")) {
    if (child.exitCode !== null) throw new Error(`the child exited first: ${out}`);
    await once(child.stdout!, "data");
  }
  return child;
}

/** A child that writes the signal it got into `file`, then exits with 7. */
const recordsSigterm = (file: string): string =>
  `process.on("SIGTERM", () => { require("node:fs").writeFileSync(${JSON.stringify(file)}, "SIGTERM"); process.exit(7); });` +
  `setInterval(() => {}, 1000); console.log("ready");`;

test("exited resolves with the exit code; hasExited turns true with it, and the exit hook is gone", async () => {
  const before = new Set(process.listeners("exit"));
  const child = spawn(process.execPath, ["-e", "setTimeout(() => process.exit(3), 100)"], { stdio: "ignore" });
  const followed = followChild(child, "SIGKILL");
  const added = process.listeners("exit").filter((listener) => !before.has(listener));
  assert.equal(added.length, 1);
  assert.equal(followed.hasExited(), false);
  assert.equal(await followed.exited, 3);
  assert.equal(followed.hasExited(), true);
  assert.equal(process.listeners("exit").includes(added[0]!), false);
});

test("a child that has already exited when followed counts as exited", async () => {
  const child = spawn(process.execPath, ["-e", "process.exit(5)"], { stdio: "ignore" });
  await once(child, "exit");
  const followed = followChild(child, "SIGKILL");
  assert.equal(await followed.exited, 5);
  assert.equal(followed.hasExited(), true);
  await followed.stop(10);
});

test("stop sends SIGTERM first: a child that handles it exits on its own, long before the timeout", async () => {
  const file = path.join(dir, "graceful");
  const followed = followChild(await startNode(recordsSigterm(file)), "SIGKILL");
  const started = performance.now();
  await followed.stop(10_000);
  assert.ok(performance.now() - started < 5_000, `${Math.round(performance.now() - started)} ms`);
  assert.equal(await followed.exited, 7);
  assert.equal(readFileSync(file, "utf8"), "SIGTERM");
});

test("stop kills a child that ignores SIGTERM once the timeout has passed, not before", async () => {
  const child = await startNode(`process.on("SIGTERM", () => {}); setInterval(() => {}, 1000); console.log("ready");`);
  const followed = followChild(child, "SIGKILL");
  const started = performance.now();
  await followed.stop(300);
  const ms = performance.now() - started;
  assert.ok(ms >= 290, `stopped after ${Math.round(ms)} ms`);
  assert.equal(await followed.exited, null);
  assert.equal(child.signalCode, "SIGKILL");
});

/** A Node process that follows a child of its own (started with `childScript`), prints that child's pid and exits. */
async function orphanOf(childScript: string, signal: NodeJS.Signals): Promise<ProcessIdentity> {
  const parent = spawn(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      `import { spawn } from "node:child_process";
       import { once } from "node:events";
       import { followChild } from ${JSON.stringify(FOLLOW_CHILD_URL)};
       const child = spawn(process.execPath, ["-e", ${JSON.stringify(childScript)}], { stdio: ["ignore", "pipe", "inherit"] });
       followChild(child, ${JSON.stringify(signal)});
       await once(child.stdout, "data");
       const stat = (await import("node:fs")).readFileSync("/proc/" + child.pid + "/stat", "utf8");
       console.log(JSON.stringify({ pid: child.pid, startTime: Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19]) }));
       process.exit(0);`,
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  let out = "";
  parent.stdout.on("data", (data: Buffer) => (out += data.toString()));
  const [code] = (await once(parent, "exit")) as [number | null];
  assert.equal(code, 0, out);
  return JSON.parse(out) as ProcessIdentity;
}

async function waitGone(identity: ProcessIdentity): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (isRunning(identity)) {
    if (Date.now() > deadline) {
      process.kill(identity.pid, "SIGKILL");
      assert.fail(`pid ${identity.pid} outlived the process that followed it`);
    }
    await sleep(20);
  }
}

test("the followed child gets the chosen signal when our process exits first: SIGTERM (anvil saves its state)", async () => {
  const file = path.join(dir, "orphan-term");
  await waitGone(await orphanOf(recordsSigterm(file), "SIGTERM"));
  assert.equal(readFileSync(file, "utf8"), "SIGTERM");
});

test("the followed child gets the chosen signal when our process exits first: SIGKILL (no handler runs)", async () => {
  const file = path.join(dir, "orphan-kill");
  await waitGone(await orphanOf(recordsSigterm(file), "SIGKILL"));
  assert.equal(existsSync(file), false);
});
