import { spawn, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { followChild } from "../process/followChild.ts";
import { databaseConfig } from "@pixlings/shared/node/indexerConfig";
import { releaseSchemaLock } from "./releaseSchemaLock.ts";
import { fromRepoRoot, INDEXER_DIR } from "@pixlings/shared/node/paths";

/** Ponder's CLI entry (its package's `bin`), run with this process's Node (22) rather than a shim. */
const PONDER_BIN = path.join(INDEXER_DIR, "node_modules", "ponder", "dist", "esm", "bin", "ponder.js");

const OUTPUT_TAIL_CHARS = 20_000;
/** Ponder's warning when its port is taken: it then listens on the next free one, not on ours. */
const PORT_TAKEN = /Port in use/;
const STOP_TIMEOUT_MS = 20_000;

export interface PonderOptions {
  /**
   * `start` (default): indexes and serves. `serve`: a read replica serving the HTTP API (`/sql`,
   * `/status`, `/ready`) from an existing Postgres schema that a `ponder start` writes.
   */
  command?: "start" | "serve";
  /** HTTP port on 127.0.0.1. */
  port: number;
  /** Database schema of this app (DATABASE_SCHEMA). */
  schema: string;
  /** Schema of the stable views (--views-schema), if any. */
  viewsSchema?: string;
  /** Extra environment (PIXLINGS_INDEXER_CHAINS, PIXLINGS_INDEXER_PGLITE_DIR, DATABASE_URL, ...). */
  env?: Record<string, string | undefined>;
  /** Ponder's log level (default "warn"). */
  logLevel?: "error" | "warn" | "info" | "debug" | "trace";
  /** Show Ponder's output on this process's stdout/stderr instead of only keeping its tail. */
  inheritOutput?: boolean;
  /** Called with each piece of Ponder's output (when not inherited), besides keeping its tail. */
  onOutput?: (text: string) => void;
  /**
   * Own process group, so a terminal's Ctrl-C reaches only the parent, which stops Ponder in its
   * own order (`npm start`). Still killed when the parent exits.
   */
  detached?: boolean;
}

export interface PonderProcess {
  url: string;
  child: ChildProcess;
  /** Resolves with the exit code (null when signalled) once Ponder exits. */
  exited: Promise<number | null>;
  /** Resolves when Ponder first answers HTTP: it serves only once it holds its schema lock. */
  serving: Promise<void>;
  /** The last part of Ponder's output (empty when inherited). */
  output(): string;
  /** Resolves once GET /ready answers 200 (the backfill is indexed); rejects on exit or timeout. */
  waitReady(timeoutMs?: number): Promise<void>;
  /** Resolves once GET /synced answers 200: ready, and every chain indexed up to its current head. */
  waitSynced(timeoutMs?: number): Promise<void>;
  /**
   * SIGTERM, then waits for the exit (SIGKILL after 20 s) and releases the schema lock Ponder
   * leaves behind (`releaseLock`), unless told not to (a test's PGlite dir about to be deleted).
   */
  stop(options?: { releaseLock?: boolean }): Promise<void>;
  /**
   * After Ponder has exited: marks its schema unlocked, so the next start does not wait 25 s for
   * it. On Postgres only when this Ponder held the lock (it answered HTTP, which it serves only once
   * it holds the lock), so another app's lock on a shared database is left alone.
   */
  releaseLock(): Promise<void>;
}

/** The environment Ponder always runs with: telemetry off, everything else passed through. */
function ponderEnv(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra, PONDER_TELEMETRY_DISABLED: "1" };
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete env[key];
  return env;
}

/** Starts `ponder start` (or `ponder serve`) for the indexer on 127.0.0.1:`port`. */
export function startPonder(options: PonderOptions): PonderProcess {
  const args = [
    PONDER_BIN,
    "--root",
    INDEXER_DIR,
    "--log-level",
    options.logLevel ?? "warn",
    options.command ?? "start",
    "--schema",
    options.schema,
    ...(options.viewsSchema && options.command !== "serve" ? ["--views-schema", options.viewsSchema] : []),
    "--port",
    String(options.port),
    "--hostname",
    "127.0.0.1",
  ];
  const env = ponderEnv(options.env);
  const child = spawn(process.execPath, args, {
    cwd: INDEXER_DIR,
    env,
    stdio: options.inheritOutput ? ["ignore", "inherit", "inherit"] : ["ignore", "pipe", "pipe"],
    detached: options.detached ?? false,
  });
  let output = "";
  let portTaken = false;
  const keep = (data: Buffer): void => {
    const text = data.toString();
    output = (output + text).slice(-OUTPUT_TAIL_CHARS);
    portTaken ||= PORT_TAKEN.test(text);
    options.onOutput?.(text);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const followed = followChild(child, "SIGKILL");
  const { exited, hasExited } = followed;
  const url = `http://127.0.0.1:${options.port}`;
  /** Whether Ponder answered any HTTP request: it serves only after it has taken its schema lock. */
  let served = false;
  let markServing = (): void => undefined;
  const serving = new Promise<void>((resolve) => (markServing = resolve));
  const answers = async (endpoint: string, timeoutMs: number): Promise<Response | undefined> => {
    try {
      const response = await fetch(`${url}${endpoint}`, { signal: AbortSignal.timeout(timeoutMs) });
      served = true;
      markServing();
      return response;
    } catch {
      return undefined; // not listening (yet, or any more)
    }
  };

  const waitFor = async (endpoint: string, timeoutMs: number): Promise<void> => {
    const deadline = Date.now() + timeoutMs;
    let last = "";
    for (;;) {
      if (hasExited()) throw new Error(`Ponder exited before ${endpoint} answered 200:\n${output}`);
      // Whatever answers on the port now is another process: waiting for it would last the timeout.
      if (portTaken) throw new Error(`Ponder could not listen on port ${options.port}, which another process holds:\n${output}`);
      const response = await answers(endpoint, 2_000);
      if (response?.status === 200) return;
      if (response) last = `${response.status} ${await response.text()}`;
      if (Date.now() > deadline) throw new Error(`Ponder's ${endpoint} did not answer 200 within ${timeoutMs} ms (last: ${last}):\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  const database = databaseConfig(env);
  let released: Promise<void> | undefined;
  const releaseLock = (): Promise<void> => {
    if (!hasExited()) return Promise.reject(new Error("releaseLock: Ponder is still running"));
    // Once: `npm run indexer` calls it after a signal's stop() did (PGlite admits one opener).
    released ??= served || database.kind === "pglite" ? releaseSchemaLock(database, options.schema).then(() => undefined) : Promise.resolve();
    return released;
  };
  const stop = async ({ releaseLock: release = true }: { releaseLock?: boolean } = {}): Promise<void> => {
    if (release && !served && !hasExited()) await answers("/health", 1_000);
    await followed.stop(STOP_TIMEOUT_MS);
    if (release) await releaseLock();
  };

  return {
    url,
    child,
    exited,
    serving,
    output: () => output,
    waitReady: (timeoutMs = 60_000) => waitFor("/ready", timeoutMs),
    waitSynced: (timeoutMs = 60_000) => waitFor("/synced", timeoutMs),
    stop,
    releaseLock,
  };
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true })
    .map((f) => path.join(dir, f.toString()))
    .filter((f) => !f.endsWith(".test.ts") && statSync(f).isFile());
}

/**
 * A schema name that changes whenever Ponder would refuse to reuse the schema: the indexer's code
 * or the chains it follows (`chainsKey`, e.g. their ids, addresses and deployment times).
 */
export function buildSchemaName(chainsKey: string, prefix = "pixlings"): string {
  const hash = createHash("sha256");
  const files = [
    path.join(INDEXER_DIR, "ponder.config.ts"),
    path.join(INDEXER_DIR, "ponder.schema.ts"),
    path.join(INDEXER_DIR, "package.json"),
    ...sourceFiles(path.join(INDEXER_DIR, "src")),
    // What ponder.config.ts reads its chains and database with.
    fromRepoRoot("shared", "src", "node", "indexerConfig.ts"),
  ].sort();
  for (const file of files)
    hash
      .update(`${path.relative(INDEXER_DIR, file)}\0`)
      .update(readFileSync(file))
      .update("\0");
  hash.update(chainsKey);
  return `${prefix}_${hash.digest("hex").slice(0, 10)}`;
}
