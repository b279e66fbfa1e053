import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, statfsSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, it } from "node:test";
import { testEnvironment } from "./testEnv.ts";

const TMPFS_MAGIC = 0x01021994;
const hasTmpfs = ((): boolean => {
  try {
    return statfsSync("/dev/shm").type === TMPFS_MAGIC;
  } catch {
    return false;
  }
})();

describe("testEnvironment", () => {
  it("adds the module-resolution shortcut to NODE_OPTIONS, after what was there", () => {
    const { env, cleanUp } = testEnvironment({ NODE_OPTIONS: "--max-old-space-size=4096" });
    cleanUp();
    assert.match(env.NODE_OPTIONS ?? "", /^--max-old-space-size=4096 --import=".+\/scripts\/test\/resolveFormats\.mjs"$/);
  });

  it("loads in Node 20 and 22 alike: the processes of npm itself run with it", () => {
    const { env, cleanUp } = testEnvironment({ PATH: process.env.PATH });
    try {
      assert.equal(execFileSync(process.execPath, ["-e", "process.stdout.write('up')"], { env }).toString(), "up");
      assert.equal(execFileSync("node", ["-e", "process.stdout.write('up')"], { env }).toString(), "up");
    } finally {
      // After the processes: cleaned before, Node 22 made its compile cache again, and the run's folder with it.
      cleanUp();
    }
    assert.equal(existsSync(env.PIXLINGS_TEST_RUN_DIR ?? ""), false, "nothing left in /dev/shm");
  });

  it("puts temporary files in a folder of its own in memory, removed by cleanUp", { skip: !hasTmpfs && "no tmpfs at /dev/shm" }, () => {
    const { env, cleanUp } = testEnvironment({});
    const tempDir = env.TMPDIR ?? "";
    assert.match(tempDir, /^\/dev\/shm\/pixlings-test-/);
    assert.equal(statSync(tempDir).mode & 0o7777, 0o1777, "open to every user, as /tmp is");
    writeFileSync(path.join(tempDir, "left-behind"), "x");
    cleanUp();
    assert.equal(existsSync(tempDir), false);
  });

  it("gives every Node 22 process one compile cache, in the run's own folder", () => {
    const { env, cleanUp } = testEnvironment({});
    try {
      const dir = execFileSync(process.execPath, ["-p", "require('node:module').getCompileCacheDir()"], { env }).toString().trim();
      // Node keeps one folder a Node version in it.
      assert.ok(dir.startsWith(`${env.NODE_COMPILE_CACHE}/v${process.versions.node}-`), dir);
      assert.ok(dir.startsWith(`${env.TMPDIR ?? os.tmpdir()}/`), dir);
      assert.ok(existsSync(dir));
    } finally {
      cleanUp();
    }
  });

  it("keeps a compile cache the caller chose", () => {
    const { env, cleanUp } = testEnvironment({ NODE_COMPILE_CACHE: "/somewhere/else" });
    cleanUp();
    assert.equal(env.NODE_COMPILE_CACHE, "/somewhere/else");
  });
});
