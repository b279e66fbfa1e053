import { spawn } from "node:child_process";
import { followChild } from "../process/followChild.ts";
import { prefixedWriter } from "../process/prefixOutput.ts";
import type { Service } from "../process/service.ts";
import { API_NODE_FLAGS, API_PROCESS_ENV } from "@pixlings/shared/node/apiNodeFlags";
import { API_MAIN, REPO_ROOT } from "@pixlings/shared/node/paths";

const STOP_TIMEOUT_MS = 15_000;

export interface ApiProcess extends Service {
  url: string;
  pid: number;
  /** Resolves once GET /api/health answers 200; rejects when the API exits first or after `timeoutMs`. */
  waitHealthy(timeoutMs?: number): Promise<void>;
  /** Resolves once GET `path` answers 200 (e.g. a route that loads the listings); rejects as waitHealthy does. */
  waitAnswering(path: string, timeoutMs?: number): Promise<void>;
}

/**
 * `node api/src/main.ts` (with API_NODE_FLAGS) in its own process group (so a terminal's Ctrl-C reaches only us and we
 * stop it first), its output shown with an `[api]` prefix. `url` is where it will listen.
 */
export function startApiProcess(p: {
  url: string;
  env: NodeJS.ProcessEnv;
  /** Node's own options after API_NODE_FLAGS, before the script (e.g. `--cpu-prof`, or a flag of API_NODE_FLAGS again to override it). */
  nodeArgs?: readonly string[];
}): ApiProcess {
  const child = spawn(process.execPath, [...API_NODE_FLAGS, ...(p.nodeArgs ?? []), API_MAIN], {
    cwd: REPO_ROOT,
    env: { ...API_PROCESS_ENV, ...p.env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  child.stdout.on("data", (data: Buffer) => stdout(data.toString()));
  child.stderr.on("data", (data: Buffer) => stderr(data.toString()));
  const stdout = prefixedWriter("[api] ", process.stdout);
  const stderr = prefixedWriter("[api] ", process.stderr);
  const { exited, hasExited, stop } = followChild(child, "SIGKILL");

  const waitAnswering = async (path: string, timeoutMs = 60_000): Promise<void> => {
    const deadline = Date.now() + timeoutMs;
    let last = "no answer";
    for (;;) {
      if (hasExited()) throw new Error("The API exited during start-up (its output is above)");
      try {
        const response = await fetch(`${p.url}${path}`, { signal: AbortSignal.timeout(2_000) });
        if (response.status === 200) return;
        last = `${response.status} ${await response.text()}`;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`The API's ${path} did not answer 200 within ${timeoutMs} ms (last: ${last})`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  return {
    name: "API",
    url: p.url,
    pid: child.pid ?? -1,
    exited,
    waitHealthy: (timeoutMs) => waitAnswering("/api/health", timeoutMs),
    waitAnswering,
    stop: () => stop(STOP_TIMEOUT_MS),
  };
}
