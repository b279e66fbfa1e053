import { accessSync, chmodSync, constants, type Dirent, mkdtempSync, readdirSync, readFileSync, rmSync, statfsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fromRepoRoot } from "@pixlings/shared/node/paths";

/** tmpfs's magic number in statfs(2): memory-backed, so no disk I/O or fsync. */
const TMPFS_MAGIC = 0x01021994;
const SHARED_MEMORY = "/dev/shm";
const RESOLVE_FORMATS = fromRepoRoot("scripts", "test", "resolveFormats.mjs");

export interface TestEnvironment {
  env: NodeJS.ProcessEnv;
  /** Stops the Postgres servers of the run's folder, and removes it. */
  cleanUp(): void;
}

/** A folder of `/dev/shm` for the run's temporary files, when it is a writable tmpfs. */
function memoryTempDir(): string | undefined {
  try {
    if (statfsSync(SHARED_MEMORY).type !== TMPFS_MAGIC) return undefined;
    accessSync(SHARED_MEMORY, constants.W_OK);
    return mkdtempSync(path.join(SHARED_MEMORY, "pixlings-test-"));
  } catch {
    return undefined;
  }
}

/** The run's folder: in memory where the machine has a tmpfs, else in the temp dir. */
function runDir(): string {
  const dir = memoryTempDir() ?? mkdtempSync(path.join(os.tmpdir(), "pixlings-test-"));
  // As /tmp: every user may make files in it (the test Postgres servers run as the postgres user).
  chmodSync(dir, 0o1777);
  return dir;
}

/** `postmaster.pid` files in `dir`, down to `depth` folders (a server's data dir holds one while it runs). */
function postmasterPidFiles(dir: string, depth: number): string[] {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const at = path.join(dir, entry.name);
    if (entry.isFile() && entry.name === "postmaster.pid") return [at];
    return entry.isDirectory() && depth > 0 ? postmasterPidFiles(at, depth - 1) : [];
  });
}

/**
 * Stops every Postgres server whose data is in the run's folder (the one the test indexers share,
 * and any a killed test left): SIGQUIT, Postgres's immediate shutdown. Only a process that is a
 * postgres: a PGlite data dir holds a postmaster.pid too, naming no server.
 */
function stopPostgresServers(dir: string): void {
  for (const file of postmasterPidFiles(dir, 4)) {
    const pid = Number(readFileSync(file, "utf8").split("\n")[0]);
    try {
      if (Number.isInteger(pid) && pid > 1 && readFileSync(`/proc/${pid}/comm`, "utf8").trim() === "postgres") process.kill(pid, "SIGQUIT");
    } catch {
      // gone already, or no /proc here
    }
  }
}

/**
 * The environment every area of `npm test` runs in: temporary files (the tests' PGlite and Postgres
 * data, chains' state) in a folder of the run's own, in memory where the machine has a tmpfs; its
 * name in PIXLINGS_TEST_RUN_DIR, where the test indexers share one Postgres server
 * (test-kit/src/runPostgres.ts); the module-resolution shortcut of resolveFormats.mjs in every Node
 * process, and one compile cache for them all: a run starts some 250 Node processes (test files,
 * Ponder, API children), most loading the same modules, which V8 then compiles once. Each only
 * saves CPU (docs/testing.md, "CPU").
 */
export function testEnvironment(base: NodeJS.ProcessEnv): TestEnvironment {
  const tempDir = runDir();
  const nodeOptions = [base.NODE_OPTIONS, `--import="${RESOLVE_FORMATS}"`].filter(Boolean).join(" ");
  const compileCache = base.NODE_COMPILE_CACHE ?? path.join(tempDir, "node-compile-cache");
  return {
    env: { ...base, NODE_OPTIONS: nodeOptions, NODE_COMPILE_CACHE: compileCache, TMPDIR: tempDir, PIXLINGS_TEST_RUN_DIR: tempDir },
    cleanUp: () => {
      stopPostgresServers(tempDir);
      rmSync(tempDir, { recursive: true, force: true });
    },
  };
}
