import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { bootId, identify, ProcessIdentitySchema } from "../process/processIdentity.ts";

/**
 * What a running `npm start` has started, kept in its state folder from before its first child
 * until its clean stop ends: its watchdog stops these when the script dies, and the next
 * `npm start` on the folder stops whatever still runs of them. Its presence means the run did not
 * stop cleanly (or still runs).
 */
const RunRecordSchema = z.object({
  bootId: z.string().min(1),
  startScript: ProcessIdentitySchema,
  watchdog: ProcessIdentitySchema,
  /** In start order: chains, Ponder, the API. */
  services: z.array(ProcessIdentitySchema.extend({ name: z.string().min(1) })),
  /**
   * Ponder's schema once Ponder holds its lock (it serves HTTP only then). A Ponder killed by
   * the watchdog leaves it locked, so the next start clears it. Postgres' address is not kept
   * here (it may carry a password): the next start takes it from DATABASE_URL.
   */
  ponderLock: z.object({ schema: z.string().min(1), pgliteDir: z.string().min(1).optional() }).optional(),
});
export type RunRecord = z.infer<typeof RunRecordSchema>;
export type PonderLock = NonNullable<RunRecord["ponderLock"]>;

export const runRecordFile = (stateRoot: string): string => path.join(stateRoot, "npm-start.json");

/** The record in `file`, or undefined when there is none; throws when it is not one. */
export function readRunRecord(file: string): RunRecord | undefined {
  if (!existsSync(file)) return undefined;
  const parsed = RunRecordSchema.safeParse(JSON.parse(readFileSync(file, "utf8")));
  if (!parsed.success) throw new Error(`${file} is not an npm start run record (${parsed.error.issues[0]?.message}); delete it`);
  return parsed.data;
}

/** Replaces the file in one step (rename), so a reader never sees half a record, even if we die mid-write. */
function writeRunRecord(file: string, record: RunRecord): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(record, null, 2)}\n`);
  renameSync(temporary, file);
}

/** The record of this run, written to disk on every change (synchronously: we may be killed at any time). */
export class RunRecorder {
  readonly #file: string;
  readonly #record: RunRecord;

  constructor(file: string, watchdogPid: number) {
    const startScript = identify(process.pid);
    const watchdog = identify(watchdogPid);
    if (!startScript) throw new Error("cannot read this process's own /proc entry");
    if (!watchdog) throw new Error(`the watchdog (pid ${watchdogPid}) exited right after it started`);
    this.#file = file;
    this.#record = { bootId: bootId(), startScript, watchdog, services: [] };
    writeRunRecord(file, this.#record);
  }

  /** Records a child as soon as it is spawned; one already gone is left out. */
  addService(name: string, pid: number | undefined): void {
    const identity = pid === undefined ? undefined : identify(pid);
    if (!identity) return;
    this.#record.services.push({ name, ...identity });
    writeRunRecord(this.#file, this.#record);
  }

  setPonderLock(lock: PonderLock): void {
    this.#record.ponderLock = lock;
    writeRunRecord(this.#file, this.#record);
  }

  /** After a clean stop: nothing of this run is left. */
  remove(): void {
    rmSync(this.#file, { force: true });
  }
}
