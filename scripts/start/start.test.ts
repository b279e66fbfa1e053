// `npm start` as a user runs it: the real start script, every port free-picked, its state in a
// temp folder. Start fresh, check the API, Ctrl-C (SIGINT), start again on the saved state.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { assertPortFree, freePort } from "../chains/free-port.ts";
import { REPO_ROOT } from "../paths.ts";

const START_SCRIPT = path.join(REPO_ROOT, "scripts", "start", "index.ts");
const READY_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 60_000;

let dir: string;
let ports: Record<"eth" | "pol" | "indexer" | "api", number>;

interface Run {
  output: () => string;
  url: string;
  ms: number;
  /** The start script's processes: chains, Ponder (and its helpers), the API. */
  descendants(): number[];
  /** SIGINT (Ctrl-C), then its exit. */
  stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Its exit, whatever caused it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Every process below `pid` (Linux /proc). */
function descendantsOf(pid: number): number[] {
  const found: number[] = [];
  let tasks: string[] = [];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return found;
  }
  for (const task of tasks) {
    let children = "";
    try {
      children = readFileSync(`/proc/${pid}/task/${task}/children`, "utf8");
    } catch {
      continue;
    }
    for (const child of children.split(/\s+/).filter(Boolean).map(Number)) found.push(child, ...descendantsOf(child));
  }
  return found;
}

/** Whether `pid` still runs (a zombie does not). */
function running(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
}

const commandLine = (pid: number): string => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
  } catch {
    return "";
  }
};

/** Runs the start script until `Pixlings ready: <URL>` (or fails with its output). */
async function startStack(): Promise<Run> {
  const started = performance.now();
  const child = spawn(process.execPath, [START_SCRIPT], {
    cwd: REPO_ROOT,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      PIXLINGS_STATE_DIR: path.join(dir, "state"),
      PIXLINGS_DEPLOYMENTS_DIR: path.join(dir, "deployments"),
      LOCAL_ETHEREUM_RPC_PORT: String(ports.eth),
      LOCAL_POLYGON_RPC_PORT: String(ports.pol),
      PIXLINGS_INDEXER_PORT: String(ports.indexer),
      API_PORT: String(ports.api),
      API_HOST: "127.0.0.1",
      // Empty values mean "default" and win over a developer's .env.
      DATABASE_URL: "",
      PIXLINGS_INDEXER_CHAINS: "",
      PIXLINGS_INDEXER_PGLITE_DIR: "",
      API_PGLITE_DIR: "",
      SEPOLIA_RPC_URL: "",
      AMOY_RPC_URL: "",
      SIWE_DOMAIN: "",
      SIWE_URI: "",
      DATABASE_SCHEMA: "",
    },
  });
  let output = "";
  child.stdout.on("data", (data: Buffer) => (output += data.toString()));
  child.stderr.on("data", (data: Buffer) => (output += data.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "Pixlings ready:" within ${READY_TIMEOUT_MS} ms:\n${output}`)), READY_TIMEOUT_MS);
    const check = (): void => {
      const match = /^Pixlings ready: (\S+)$/m.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout.on("data", check);
    void exited.then(({ code }) => {
      clearTimeout(timer);
      reject(new Error(`the start script exited (${code}) before it was ready:\n${output}`));
    });
  });
  const ms = performance.now() - started;
  return {
    output: () => output,
    url,
    ms,
    exited,
    descendants: () => (child.pid === undefined ? [] : descendantsOf(child.pid)),
    stop: async () => {
      child.kill("SIGINT");
      const timer = setTimeout(() => child.kill("SIGKILL"), STOP_TIMEOUT_MS);
      const result = await exited;
      clearTimeout(timer);
      return result;
    },
  };
}

async function getJson(url: string): Promise<unknown> {
  const res = await fetch(url);
  assert.equal(res.status, 200, `${url}: ${res.status}`);
  return res.json();
}

async function assertPortsFree(): Promise<void> {
  for (const [name, port] of Object.entries(ports)) await assertPortFree(port, `(${name} still listening after stop)`);
}

function assertNoneRunning(pids: readonly number[]): void {
  const left = pids.filter(running);
  assert.deepEqual(left.map((pid) => `${pid} ${commandLine(pid)}`), [], "processes left behind");
}

before(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "pixlings-start-"));
  const picked = new Set<number>();
  while (picked.size < 4) picked.add(await freePort());
  const [eth, pol, indexer, api] = [...picked] as [number, number, number, number];
  ports = { eth, pol, indexer, api };
});

after(() => rmSync(dir, { recursive: true, force: true }));

test("npm start: fresh start, clean stop on SIGINT, restart on the saved state", { timeout: 2 * READY_TIMEOUT_MS + 4 * STOP_TIMEOUT_MS }, async (t) => {
  const fresh = await startStack();
  const freshProcesses = fresh.descendants();
  try {
    // Both chains, Ponder and the API at least.
    assert.ok(freshProcesses.length >= 4, `${freshProcesses.length} child processes`);
    assert.equal(fresh.url, `http://127.0.0.1:${ports.api}`);
    assert.equal(fresh.output().match(/^Pixlings ready:/gm)?.length, 1);
    assert.match(fresh.output(), /Local Ethereum \(31337\).*deployed\s+40 chunks/);
    assert.deepEqual(await getJson(`${fresh.url}/api/health`), { status: "ok", database: "pglite" });
    assert.deepEqual(await getJson(`${fresh.url}/api/stats`), { total: 9999, minted: 0, owners: 0, available: 9999 });
    // The API sells on exactly the chains this run started (their RPC ports), as the indexer follows them.
    const chains = (await getJson(`${fresh.url}/api/chains`)) as { chainId: number; rpcUrl: string; primary: boolean }[];
    assert.deepEqual(
      chains.map((c) => [c.chainId, c.rpcUrl, c.primary]),
      [
        [31337, `http://127.0.0.1:${ports.eth}`, true],
        [31338, `http://127.0.0.1:${ports.pol}`, false],
      ],
    );
    assert.equal(((await getJson(`${fresh.url}/api/nfts/available?limit=1`)) as { pagination: { total: number } }).pagination.total, 9999);
    const png = await fetch(`${fresh.url}/pixlings/pix_9999.png`);
    assert.equal(png.status, 200);
    assert.equal(png.headers.get("content-type"), "image/png");
  } finally {
    const stopped = await fresh.stop();
    assert.deepEqual(stopped, { code: 0, signal: null }, fresh.output());
  }
  assert.match(fresh.output(), /Stopping API\.\.\.\nStopping Indexer \(Ponder\)\.\.\.[\s\S]*Stopping Local Ethereum, Local Polygon\.\.\.\n[\s\S]*Stopped\.\n$/);
  assertNoneRunning(freshProcesses);
  await assertPortsFree();

  const again = await startStack();
  const againProcesses = again.descendants();
  try {
    // The chains kept their contract and art: nothing deployed or uploaded again.
    assert.match(again.output(), /Local Ethereum \(31337\).*reused\s+none needed \(40 chunks on chain\)/);
    assert.match(again.output(), /Local Polygon \(31338\).*reused\s+none needed \(40 chunks on chain\)/);
    assert.doesNotMatch(again.output(), /Schema is locked/);
    assert.deepEqual(await getJson(`${again.url}/api/stats`), { total: 9999, minted: 0, owners: 0, available: 9999 });
  } finally {
    const stopped = await again.stop();
    assert.deepEqual(stopped, { code: 0, signal: null }, again.output());
  }
  assertNoneRunning(againProcesses);
  await assertPortsFree();
  t.diagnostic(`fresh start ${(fresh.ms / 1000).toFixed(1)} s, restart ${(again.ms / 1000).toFixed(1)} s`);
});

test("npm start: a child that dies stops the rest, with a message and exit code 1", { timeout: READY_TIMEOUT_MS + 2 * STOP_TIMEOUT_MS }, async () => {
  const run = await startStack();
  const processes = run.descendants();
  const api = processes.find((pid) => commandLine(pid).includes(path.join("api", "src", "main.ts")));
  try {
    assert.ok(api, `no API process among ${processes.map(commandLine).join("; ")}`);
    process.kill(api, "SIGKILL");
    assert.deepEqual(await run.exited, { code: 1, signal: null }, run.output());
  } finally {
    if (!api) await run.stop();
  }
  assert.match(run.output(), /^API exited unexpectedly \(killed by a signal\); stopping the rest\.$/m);
  assert.match(run.output(), /Stopping Indexer \(Ponder\)\.\.\.[\s\S]*Stopping Local Ethereum, Local Polygon\.\.\.\n[\s\S]*Stopped after an error\.\n$/);
  assertNoneRunning(processes);
  await assertPortsFree();
});
