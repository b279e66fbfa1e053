import { accessSync, chmodSync, constants, mkdtempSync, rmSync, statfsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fromRepoRoot } from "@pixlings/shared/node/paths";

/** tmpfs's magic number in statfs(2): memory-backed, so no disk I/O or fsync. */
const TMPFS_MAGIC = 0x01021994;
const SHARED_MEMORY = "/dev/shm";
const RESOLVE_FORMATS = fromRepoRoot("scripts", "test", "resolveFormats.mjs");

export interface TestEnvironment {
  env: NodeJS.ProcessEnv;
  /** Removes the run's temporary folder, if it made one. */
  cleanUp(): void;
}

/** A folder of `/dev/shm` for the run's temporary files, when it is a writable tmpfs. */
function memoryTempDir(): string | undefined {
  try {
    if (statfsSync(SHARED_MEMORY).type !== TMPFS_MAGIC) return undefined;
    accessSync(SHARED_MEMORY, constants.W_OK);
    const dir = mkdtempSync(path.join(SHARED_MEMORY, "pixlings-test-"));
    // As /tmp: every user may make files in it (the test Postgres servers run as the postgres user).
    chmodSync(dir, 0o1777);
    return dir;
  } catch {
    return undefined;
  }
}

/**
 * The environment every area of `npm test` runs in: temporary files (the tests' PGlite and Postgres
 * data, chains' state) in memory where the machine has a tmpfs, the module-resolution shortcut of
 * resolveFormats.mjs in every Node process, and one compile cache for them all: a run starts some
 * 250 Node processes (test files, Ponder, API children), most loading the same modules, which V8
 * then compiles once. Each only saves CPU (docs/testing.md, "CPU").
 */
export function testEnvironment(base: NodeJS.ProcessEnv): TestEnvironment {
  const tempDir = memoryTempDir();
  const nodeOptions = [base.NODE_OPTIONS, `--import="${RESOLVE_FORMATS}"`].filter(Boolean).join(" ");
  const compileCache = base.NODE_COMPILE_CACHE ?? path.join(tempDir ?? os.tmpdir(), "node-compile-cache");
  return {
    env: { ...base, NODE_OPTIONS: nodeOptions, NODE_COMPILE_CACHE: compileCache, ...(tempDir ? { TMPDIR: tempDir } : {}) },
    cleanUp: () => {
      if (tempDir) rmSync(tempDir, { recursive: true, force: true });
    },
  };
}
