import { execFile, execFileSync, spawnSync } from "node:child_process";
import { promisify } from "node:util";
import { chownSync, existsSync, mkdirSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "@pixlings/scripts/chains/freePort";

/** Debian's Postgres 15 binaries. */
const POSTGRES_BIN = "/usr/lib/postgresql/15/bin";

export interface TestPostgres {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` */
  url: string;
  stop(): Promise<void>;
  /**
   * Stops the server as a restart does (`pg_ctl stop -m fast`: every session cut, what was committed
   * kept, even with this server's synchronous_commit=off); its data dir stays.
   */
  halt(): Promise<void>;
  /** Starts it again on the same data dir and port (crash recovery first); waits until it accepts. */
  resume(): Promise<void>;
}

/** Whether tests skip what needs a Postgres 15 server (PIXLINGS_SKIP_POSTGRES=1). */
export const skipPostgres = (): boolean => process.env.PIXLINGS_SKIP_POSTGRES === "1";

/** Installs Debian's postgresql-15 when its binaries are missing (needs root and apt). */
function ensurePostgresInstalled(): void {
  if (existsSync(path.join(POSTGRES_BIN, "initdb"))) return;
  if (process.getuid?.() !== 0) throw new Error(`Postgres 15 is not installed (${POSTGRES_BIN}); run: apt-get install -y postgresql-15`);
  const apt = (args: string[]) => {
    const r = spawnSync("apt-get", args, { stdio: "pipe", encoding: "utf8", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
    if (r.status !== 0) throw new Error(`apt-get ${args.join(" ")} failed:\n${r.stderr}`);
  };
  apt(["update"]);
  apt(["install", "-y", "--no-install-recommends", "postgresql-15"]);
}

/** Runs `sql` with Debian's psql against `url`; answers what it printed (unaligned, tuples only). */
export async function psql(url: string, sql: string): Promise<string> {
  const { stdout } = await promisify(execFile)(path.join(POSTGRES_BIN, "psql"), ["-d", url, "-qtA", "-v", "ON_ERROR_STOP=1", "-c", sql]);
  return stdout.trim();
}

export interface PostgresOptions {
  /** Its folder (made here when missing; default a new temp dir). */
  dir?: string;
  /** Keep it running after this process exits (a server for a whole run, stopped by its owner). */
  outliveProcess?: boolean;
  /** max_connections (default Postgres's 100). */
  maxConnections?: number;
}

/**
 * A private, throwaway Postgres 15 for tests and benchmarks (the API's and the indexer's) on a free
 * loopback port, its data in a temp dir. initdb refuses root, so as root the server runs as the
 * `postgres` user (runuser).
 */
export async function startPostgres(options: PostgresOptions = {}): Promise<TestPostgres> {
  ensurePostgresInstalled();
  const dir = options.dir ?? (await mkdtemp(path.join(tmpdir(), "pixlings-pg-")));
  mkdirSync(dir, { recursive: true });
  const asRoot = process.getuid?.() === 0;
  // Without blocking this process (a test's pooled HTTP connections keep noticing their server closing them).
  const runAsync = async (bin: string, args: string[]): Promise<void> => {
    const command = path.join(POSTGRES_BIN, bin);
    await (asRoot ? promisify(execFile)("runuser", ["-u", "postgres", "--", command, ...args]) : promisify(execFile)(command, args));
  };
  const run = (bin: string, args: string[]) => {
    const command = path.join(POSTGRES_BIN, bin);
    return asRoot ? execFileSync("runuser", ["-u", "postgres", "--", command, ...args], { stdio: "pipe" }) : execFileSync(command, args, { stdio: "pipe" });
  };
  if (asRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    chownSync(dir, uid, gid);
  }
  const data = path.join(dir, "data");
  run("initdb", ["-D", data, "-U", "postgres", "-A", "trust", "--no-sync", "-E", "UTF8", "--locale=C"]);
  const port = await freePort();
  const connections = options.maxConnections ? ` -c max_connections=${options.maxConnections}` : "";
  const serverOptions = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off${connections}`;
  const startServer = () => run("pg_ctl", ["-D", data, "-o", serverOptions, "-l", path.join(dir, "log"), "-w", "-t", "30", "start"]);
  startServer();
  const stopServer = () => {
    try {
      run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
    } catch {
      // already stopped
    }
  };
  // If the test process ends without stop(), do not leave a server behind.
  if (!options.outliveProcess) process.once("exit", stopServer);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    halt: () => runAsync("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]),
    resume: () => runAsync("pg_ctl", ["-D", data, "-o", serverOptions, "-l", path.join(dir, "log"), "-w", "-t", "30", "start"]),
    stop: async () => {
      process.off("exit", stopServer);
      stopServer();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
