// npm test's Postgres for the test indexers (test-kit/src/runPostgres.ts): one server for the run,
// started by whichever process asks first, a database of its own for each indexer, and stopped with
// the run's folder by testEnvironment's clean-up.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { promisify } from "node:util";
import { psql } from "@pixlings/test-kit/postgres";
import { testEnvironment } from "./testEnv.ts";

/** Two databases made by a process of its own (as two test files of a lane would). */
const MAKE_TWO = `
import { runPonderDatabase } from "@pixlings/test-kit/runPostgres";
const [a, b] = await Promise.all([runPonderDatabase(), runPonderDatabase()]);
process.stdout.write(JSON.stringify([a.url, b.url]));
`;

test("test indexers share one Postgres server a run, each with a database of its own; the run's clean-up stops it", async () => {
  const { env, cleanUp } = testEnvironment(process.env);
  let postmaster: number | undefined;
  try {
    const make = () => promisify(execFile)(process.execPath, ["--input-type=module", "-e", MAKE_TWO], { env, cwd: import.meta.dirname });
    const urls = (await Promise.all([make(), make()])).flatMap(({ stdout }) => JSON.parse(stdout) as string[]).map((url) => new URL(url));
    assert.equal(new Set(urls.map((url) => url.host)).size, 1, "one server");
    assert.equal(new Set(urls.map((url) => url.pathname)).size, 4, "four databases");
    for (const url of urls) assert.equal(await psql(url.href, "select current_database()"), url.pathname.slice(1));
    const pidFile = path.join(env.PIXLINGS_TEST_RUN_DIR ?? "", "ponder-postgres", "server", "data", "postmaster.pid");
    postmaster = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
    assert.ok(existsSync(`/proc/${postmaster}`));
  } finally {
    cleanUp();
  }
  const until = Date.now() + 10_000;
  while (existsSync(`/proc/${postmaster}`) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
  assert.equal(existsSync(`/proc/${postmaster}`), false, "the server stopped with the run");
  assert.equal(existsSync(env.PIXLINGS_TEST_RUN_DIR ?? ""), false);
});
