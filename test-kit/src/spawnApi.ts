import { spawn } from "node:child_process";
import { followChild } from "@pixlings/scripts/process/followChild";
import { API_NODE_FLAGS, API_PROCESS_ENV } from "@pixlings/shared/node/apiNodeFlags";
import { API_MAIN, REPO_ROOT } from "@pixlings/shared/node/paths";

export interface ApiChild {
  /** Where it serves: the API's URL; a worker's ops URL (METRICS_PORT), or `-` without one. */
  url: string;
  pid: number;
  /** Resolves with the exit code (null when signalled) once it has exited. */
  exited: Promise<number | null>;
  /** Its output so far (the last 20,000 characters, stdout and stderr). */
  output(): string;
  /** SIGTERM, SIGKILL after 10 s; resolves once the API has exited. */
  stop(): Promise<void>;
  /** SIGKILL at once (a crash: nothing is closed or flushed); resolves once it has exited. */
  kill(): Promise<void>;
}

const STOP_TIMEOUT_MS = 10_000;
const OUTPUT_TAIL_CHARS = 20_000;

export interface SpawnApiOptions {
  /** Start from this process's environment (the whole stack's API); by default only PATH. */
  inheritEnv?: boolean;
  timeoutMs?: number;
}

/**
 * The API as its own process (`node api/src/main.ts` with API_NODE_FLAGS; NODE_ENV=test, port 0, LOG_LEVEL=warn unless
 * `env` says otherwise; PIXLINGS_ROLE in `env` picks its role), for tests that need it apart from
 * the test process: resolves with its URL once it prints that it is ready; rejects, the API
 * stopped, when it exits first or takes longer than `timeoutMs`.
 */
export function spawnApi(env: Record<string, string>, options: SpawnApiOptions = {}): Promise<ApiChild> {
  const { inheritEnv = false, timeoutMs = 60_000 } = options;
  const child = spawn(process.execPath, [...API_NODE_FLAGS, API_MAIN], {
    cwd: REPO_ROOT,
    env: { ...API_PROCESS_ENV, ...(inheritEnv ? process.env : { PATH: process.env.PATH ?? "" }), NODE_ENV: "test", API_PORT: "0", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const followed = followChild(child, "SIGKILL");
  const stop = (): Promise<void> => followed.stop(STOP_TIMEOUT_MS);
  let output = "";
  return new Promise((resolve, reject) => {
    let timedOut = false;
    const timer = setTimeout(() => {
      // Said before stopping it: the stop's own exit must not read as a crash.
      timedOut = true;
      reject(new Error(`the API did not start within ${timeoutMs} ms:\n${output}`));
      void stop();
    }, timeoutMs);
    const onData = (data: Buffer): void => {
      output = (output + data.toString()).slice(-OUTPUT_TAIL_CHARS);
      const ready = /Pixlings (?:API|worker) ready: (\S+)/.exec(output);
      if (ready?.[1]) {
        clearTimeout(timer);
        child.stdout.off("data", onData);
        child.stderr.off("data", onData);
        const keep = (data: Buffer): void => {
          output = (output + data.toString()).slice(-OUTPUT_TAIL_CHARS);
        };
        child.stdout.on("data", keep);
        child.stderr.on("data", keep);
        resolve({
          url: ready[1],
          pid: child.pid ?? -1,
          exited: followed.exited,
          output: () => output,
          stop,
          kill: async () => {
            child.kill("SIGKILL");
            await followed.exited;
          },
        });
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    void followed.exited.then((code) => {
      clearTimeout(timer);
      if (timedOut) return;
      const how = code === null ? `by signal ${child.signalCode ?? "unknown"}` : `with code ${code}`;
      reject(new Error(`the API exited during start-up (${how}):\n${output}`));
    });
  });
}
