import type { Logger } from "pino";
import postgres from "postgres";
import { workerLeases } from "../metrics/registry.ts";
import type { JobFamily, RunningWorker } from "./jobFamily.ts";

/** The first key of every lease's advisory lock (the second is the family's name, hashed): "PXLW". */
const LEASE_NAMESPACE = 0x50584c57;

/** How often a worker checks its leases and a standby tries to take one: a dead worker's families move within about this. */
const LEASE_CHECK_MS = 2_000;

/**
 * Runs each job family in at most one worker process of the database at a time: the family runs
 * while this process holds a session advisory lock on a connection of its own (`LEASE_NAMESPACE`,
 * the family's name). A process that dies (even `kill -9`) loses its connection and with it the
 * lock; a standby takes the family at its next check. Each check also asks Postgres whether the
 * lock is still this session's (a connection that dropped and came back holds nothing): a family
 * whose lease is gone stops. `stop()` ends the families (each finishes its step in hand) and gives
 * the leases back.
 */
export async function leaseFamilies(
  databaseUrl: string,
  families: readonly JobFamily[],
  logger: Logger,
  checkMs: number = LEASE_CHECK_MS,
): Promise<RunningWorker> {
  const sql = postgres(databaseUrl, { max: 1, idle_timeout: 0, onnotice: () => {} });
  const running = new Map<string, { stop(): void | Promise<void> }>();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const release = async (name: string, why: string): Promise<void> => {
    const family = running.get(name);
    if (!family) return;
    running.delete(name);
    workerLeases.set({ family: name }, 0);
    logger.warn({ family: name, why }, "lease lost: the family stops here");
    await family.stop();
  };

  const held = async (name: string): Promise<boolean> => {
    const [row] = await sql<{ held: boolean }[]>`
      select exists (
        select 1 from pg_locks where locktype = 'advisory' and pid = pg_backend_pid() and granted
          and classid = (${LEASE_NAMESPACE}::int8 & 4294967295)::oid and objid = (hashtext(${name})::int8 & 4294967295)::oid and objsubid = 2
      ) as held`;
    return row?.held === true;
  };

  const check = async (): Promise<void> => {
    try {
      for (const family of families) {
        if (stopped) return;
        if (running.has(family.name)) {
          if (!(await held(family.name))) await release(family.name, "the lock is no longer this process's");
          continue;
        }
        const [row] = await sql<{ taken: boolean }[]>`select pg_try_advisory_lock(${LEASE_NAMESPACE}::int4, hashtext(${family.name})) as taken`;
        if (row?.taken !== true || stopped) continue;
        running.set(family.name, family.start());
        workerLeases.set({ family: family.name }, 1);
        logger.info({ family: family.name }, "lease taken: the family runs here");
      }
    } catch (error) {
      // The lease connection is gone, and with it every lock: stop all, take them again once it answers.
      for (const name of [...running.keys()]) await release(name, (error as Error).message);
    }
  };

  const loop = async (): Promise<void> => {
    await check();
    if (!stopped) timer = setTimeout(() => void loop(), checkMs);
  };
  await loop();

  return {
    families: families.map((f) => f.name),
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      const stops = [...running.entries()].map(async ([name, family]) => {
        await family.stop();
        workerLeases.set({ family: name }, 0);
      });
      running.clear();
      await Promise.allSettled(stops);
      await sql`select pg_advisory_unlock_all()`.catch(() => undefined);
      await sql.end({ timeout: 5 });
    },
  };
}
