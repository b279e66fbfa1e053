import type { ApiConfig } from "../config/readConfig.ts";
import type { JobFamily, RunningWorker } from "./jobFamily.ts";
import { leaseFamilies } from "./familyLeases.ts";
import { workerFamilies, type WorkerDeps } from "./startWorker.ts";

/**
 * Runs the job families of the config: on Postgres each while this process holds its lease (any
 * number of workers, one active per family: roles/familyLeases.ts); on PGlite (one process) all of
 * them at once.
 */
export function runWorker(config: ApiConfig, deps: WorkerDeps): Promise<RunningWorker> {
  const families = workerFamilies(config, deps);
  if (config.databaseUrl) return leaseFamilies(config.databaseUrl, families, deps.logger);
  return Promise.resolve(runAll(families));
}

function runAll(families: readonly JobFamily[]): RunningWorker {
  const started = families.map((family) => ({ name: family.name, running: family.start() }));
  return {
    families: started.map((s) => s.name),
    stop: async () => {
      await Promise.allSettled(started.map((s) => s.running.stop()));
    },
  };
}
