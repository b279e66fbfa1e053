// Test helpers: `npm start` as a user runs it (the real start script, every port free-picked, its
// state in a given folder), and what /proc tells about the processes it leaves.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { assertPortFree, freePort } from "../chains/freePort.ts";
import { REPO_ROOT } from "../paths.ts";

const START_SCRIPT = path.join(REPO_ROOT, "scripts", "start", "index.ts");
export const READY_TIMEOUT_MS = 180_000;
export const STOP_TIMEOUT_MS = 60_000;

export type StackPorts = Record<"eth" | "pol" | "indexer" | "api", number>;

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface Run {
  pid: number;
  output: () => string;
  url: string;
  ms: number;
  /** The start script's processes: its watchdog, chains, Ponder (and its helpers), the API. */
  descendants(): number[];
  /** `signal` (SIGINT: Ctrl-C), then its exit (SIGKILL after STOP_TIMEOUT_MS). */
  stop(signal?: NodeJS.Signals): Promise<Exit>;
  /** Closes our end of its stdout and stderr, as a closed terminal would: its writes fail from now on. */
  closeOutput(): void;
  /** Its exit, whatever caused it. */
  exited: Promise<Exit>;
}

export async function pickPorts(): Promise<StackPorts> {
  const picked = new Set<number>();
  while (picked.size < 4) picked.add(await freePort());
  const [eth, pol, indexer, api] = [...picked] as [number, number, number, number];
  return { eth, pol, indexer, api };
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
export function running(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/s.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
}

export const commandLine = (pid: number): string => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
  } catch {
    return "";
  }
};

/** Runs the start script (with `args`, e.g. `--fresh`) with state in `dir` until `Pixlings ready: <URL>` (or fails with its output). */
export async function startStack(dir: string, ports: StackPorts, args: readonly string[] = []): Promise<Run> {
  const started = performance.now();
  const child = spawn(process.execPath, [START_SCRIPT, ...args], {
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
      // The local Google stand-in on a free port (tests run side by side).
      LOCAL_GOOGLE_PORT: "0",
      OIDC_ISSUER: "",
      // The local Stripe stand-in too, whatever a developer's .env says.
      LOCAL_STRIPE_PORT: "0",
      STRIPE_SECRET_KEY: "",
      LOCAL_STRIPE_DATA_DIR: "",
      LOCAL_STRIPE_WEBHOOK_URL: "",
      // And the local Printful stand-in.
      LOCAL_PRINTFUL_PORT: "0",
      PRINTFUL_API_TOKEN: "",
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
  const exited = new Promise<Exit>((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
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
  const pid = child.pid;
  assert.ok(pid !== undefined);
  return {
    pid,
    output: () => output,
    url,
    ms,
    exited,
    descendants: () => descendantsOf(pid),
    closeOutput: () => {
      child.stdout.destroy();
      child.stderr.destroy();
    },
    stop: async (signal = "SIGINT") => {
      child.kill(signal);
      const timer = setTimeout(() => child.kill("SIGKILL"), STOP_TIMEOUT_MS);
      const result = await exited;
      clearTimeout(timer);
      return result;
    },
  };
}

export async function getJson(url: string): Promise<unknown> {
  const res = await fetch(url);
  assert.equal(res.status, 200, `${url}: ${res.status}`);
  return res.json();
}

export async function assertPortsFree(ports: StackPorts): Promise<void> {
  for (const [name, port] of Object.entries(ports)) await assertPortFree(port, `(${name} still listening after stop)`);
}

export function assertNoneRunning(pids: readonly number[]): void {
  const left = pids.filter(running);
  assert.deepEqual(
    left.map((pid) => `${pid} ${commandLine(pid)}`),
    [],
    "processes left behind",
  );
}
