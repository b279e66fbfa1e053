import { rmSync } from "node:fs";
import type { DatabaseConfig } from "@pixlings/shared/node/indexerConfig";
import { releaseSchemaLock } from "../indexer/releaseSchemaLock.ts";
import { bootId, isRunning } from "../process/processIdentity.ts";
import { killProcesses, stopProcesses, type NamedProcess } from "../process/stopProcesses.ts";
import { readRunRecord, runRecordFile, type PonderLock } from "./runRecord.ts";
import type { Env } from "@pixlings/shared/env";

/** As long as a clean stop gives each service (anvil saving a large state, Ponder closing). */
const LEFTOVER_GRACE_MS = 15_000;

const describe = (processes: readonly NamedProcess[]): string => processes.map((p) => `${p.name} (pid ${p.pid})`).join(", ");

/** Where the lock a killed Ponder left is: the recorded PGlite, or the Postgres of DATABASE_URL. */
function lockDatabase(lock: PonderLock, env: Env): DatabaseConfig | undefined {
  if (lock.pgliteDir) return { kind: "pglite", directory: lock.pgliteDir };
  return env.DATABASE_URL ? { kind: "postgres", connectionString: env.DATABASE_URL } : undefined;
}

/**
 * Before `npm start` takes its ports: stops whatever the previous run on `stateRoot` left running
 * (its record is there only when that run did not stop cleanly), saying so in one line: services
 * in reverse start order, as a clean stop would, and its watchdog. Then clears the schema lock
 * its Ponder left (a line more when there was one). Throws, touching nothing, when that run's
 * start script still runs.
 */
export async function stopLeftovers(stateRoot: string, log: (line: string) => void, env: Env = process.env): Promise<void> {
  const file = runRecordFile(stateRoot);
  const record = readRunRecord(file);
  if (!record) return;
  if (record.bootId === bootId()) {
    const { pid } = record.startScript;
    if (isRunning(record.startScript)) {
      throw new Error(`Another npm start (pid ${pid}) is running on ${stateRoot}; stop it first (Ctrl-C in its terminal, or kill ${pid}).`);
    }
    const watchdog = [{ name: "its watchdog", ...record.watchdog }].filter(isRunning);
    const services = record.services.filter(isRunning);
    const found = [...services, ...watchdog];
    if (found.length > 0) {
      log(`An earlier npm start (pid ${pid}, gone) left ${describe(found)} running in ${stateRoot}; stopping them.`);
      // The watchdog first: it holds no state, and it may be suspended (a SIGTERM would wait for it).
      await killProcesses(watchdog);
      for (const service of services.reverse()) await stopProcesses([service], LEFTOVER_GRACE_MS);
    }
  }
  const lock = record.ponderLock && lockDatabase(record.ponderLock, env);
  if (record.ponderLock && lock && (await releaseSchemaLock(lock, record.ponderLock.schema))) {
    log(`Cleared the schema lock ${record.ponderLock.schema} that the earlier run's Ponder left.`);
  }
  rmSync(file, { force: true });
}
