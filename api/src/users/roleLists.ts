import { randomUUID } from "node:crypto";
import { and, eq, gt, lt, ne, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { ApiConfig } from "../config/readConfig.ts";
import type { Db } from "../db/openDatabase.ts";
import { roleLists } from "../db/tables/accounts.ts";

/** A process's lists count this long after its last refresh: a role never outlives a process that dropped it by more. */
export const ROLE_LISTS_TTL_SECONDS = 60;
/** How often a running process refreshes its lists (three times within their lifetime). */
const REFRESH_MS = 20_000;
/** Rows of processes gone this long are deleted. */
const FORGET_AFTER_SECONDS = 86_400;

/** ADMIN_EMAILS and ARTIST_EMAILS as `role_lists.grants` (sorted, each once). */
function grantsOf(config: Pick<ApiConfig, "adminEmails" | "artistEmails">): string[] {
  const grants = [...[...config.adminEmails].map((email) => `admin:${email}`), ...config.artistEmails.map(({ email, slug }) => `artist:${email}:${slug}`)];
  return [...new Set(grants)].sort();
}

export interface RoleListsOptions {
  db: Db;
  config: Pick<ApiConfig, "adminEmails" | "artistEmails">;
  logger: Logger;
  /** Tests: a faster refresh. */
  refreshMs?: number;
}

export interface PublishedRoleLists {
  processId: string;
  /** Settles once this process's lists are published (before it serves a request). */
  ready: Promise<void>;
  /** Stops refreshing and withdraws the lists (the process's roles stop counting at once). */
  stop(): Promise<void>;
}

/**
 * Publishes this process's ADMIN_EMAILS and ARTIST_EMAILS in `role_lists` and refreshes them while
 * it runs. Every request reads the roles from there (`pixlings_role_granted`, migration 0011): a
 * role counts only while every live process grants it. So an email removed from the lists loses
 * its role on every live session, on every process, as soon as one process runs without it; a
 * process that died stops counting ROLE_LISTS_TTL_SECONDS after its last refresh. Lists of other
 * processes that differ from ours are logged (once each): only what all grant counts.
 */
export function publishRoleLists({ db, config, logger, refreshMs = REFRESH_MS }: RoleListsOptions): PublishedRoleLists {
  const processId = randomUUID();
  const grants = grantsOf(config);
  const warned = new Set<string>();
  const liveUntil = sql`now() + make_interval(secs => ${ROLE_LISTS_TTL_SECONDS})`;
  const refresh = async (): Promise<void> => {
    await db.insert(roleLists).values({ processId, grants, liveUntil }).onConflictDoUpdate({ target: roleLists.processId, set: { grants, liveUntil } });
    await db.delete(roleLists).where(lt(roleLists.liveUntil, sql`now() - make_interval(secs => ${FORGET_AFTER_SECONDS})`));
    const others = await db
      .select({ grants: roleLists.grants })
      .from(roleLists)
      .where(and(ne(roleLists.processId, processId), gt(roleLists.liveUntil, sql`now()`)));
    for (const other of others) {
      const key = [...other.grants].sort().join(",");
      if (key === grants.join(",") || warned.has(key)) continue;
      warned.add(key);
      const missing = grants.filter((grant) => !other.grants.includes(grant));
      logger.warn(
        { missing, extra: other.grants.filter((grant) => !grants.includes(grant)) },
        "another API process has other ADMIN_EMAILS/ARTIST_EMAILS: only roles every process grants count",
      );
    }
  };
  const ready = refresh();
  let inFlight: Promise<void> = ready.catch(() => undefined);
  let stopped = false;
  const timer = setInterval(() => {
    if (stopped) return;
    inFlight = refresh().catch((error: unknown) => logger.warn({ err: error }, "role lists not refreshed; retrying"));
  }, refreshMs);
  timer.unref();
  return {
    processId,
    ready,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      await inFlight;
      await db.delete(roleLists).where(eq(roleLists.processId, processId));
    },
  };
}
