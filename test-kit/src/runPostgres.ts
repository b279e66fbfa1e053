// One Postgres server for a whole `npm test` run, and a database of its own for each test indexer.
// Ponder on native Postgres reaches a test world's head on about half the CPU it needs on PGlite
// (3.9 against 7.5 s, plus 0.3 s of the server's, 28 Nov), and a run starts some fifty of them.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { psql, skipPostgres, startPostgres } from "./postgres.ts";

/** The run's folder, set by `npm test` (scripts/test/testEnv.ts), whose clean-up stops the server. */
const RUN_DIR_VARIABLE = "PIXLINGS_TEST_RUN_DIR";
const SERVER_WAIT_MS = 60_000;
/** Room for every lane's indexers at once: Ponder opens up to 30 connections of its own and more to listen. */
const MAX_CONNECTIONS = 500;

export interface PonderDatabase {
  url: string;
  /** Drops the database, cutting whatever is still connected. */
  drop(): Promise<void>;
}

let server: Promise<string> | undefined;
let made = 0;

async function waitForUrl(file: string): Promise<string> {
  const until = Date.now() + SERVER_WAIT_MS;
  while (!existsSync(file)) {
    if (Date.now() > until) throw new Error(`the run's Postgres did not start within ${SERVER_WAIT_MS / 1000} s (no ${file})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return readFileSync(file, "utf8");
}

/** The run's server: the first process to ask starts it (its folder made first, atomically); the rest wait for its URL. */
async function runServerUrl(runDir: string): Promise<string> {
  const home = path.join(runDir, "ponder-postgres");
  const urlFile = path.join(home, "url");
  try {
    mkdirSync(home);
  } catch {
    return waitForUrl(urlFile);
  }
  const pg = await startPostgres({ dir: path.join(home, "server"), outliveProcess: true, maxConnections: MAX_CONNECTIONS });
  writeFileSync(`${urlFile}.partial`, pg.url);
  renameSync(`${urlFile}.partial`, urlFile);
  return pg.url;
}

/**
 * A new, empty database on the run's server; undefined outside `npm test` or with
 * PIXLINGS_SKIP_POSTGRES=1 (the indexer then runs on PGlite).
 */
export async function runPonderDatabase(env: NodeJS.ProcessEnv = process.env): Promise<PonderDatabase | undefined> {
  const runDir = env[RUN_DIR_VARIABLE];
  if (!runDir || skipPostgres()) return undefined;
  server ??= runServerUrl(runDir);
  const serverUrl = await server;
  made += 1;
  const name = `ponder_${process.pid}_${made}_${randomBytes(3).toString("hex")}`;
  await psql(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    drop: async () => {
      await psql(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
