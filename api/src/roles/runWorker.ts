import type { ApiConfig } from "../config/readConfig.ts";
import { workerFamilies, type WorkerDeps } from "./startWorker.ts";

export interface RunningWorker {
  /** The families this process runs. */
  families: readonly string[];
  /** Stops every loop once its step in hand is done. */
  stop(): Promise<void>;
}

/** Runs every job family of the config in this process (one process: PGlite, or role `all` alone). */
export function runWorker(config: ApiConfig, deps: WorkerDeps): RunningWorker {
  const started = workerFamilies(config, deps).map((family) => ({ name: family.name, running: family.start() }));
  return {
    families: started.map((s) => s.name),
    stop: async () => {
      await Promise.allSettled(started.map((s) => s.running.stop()));
    },
  };
}
