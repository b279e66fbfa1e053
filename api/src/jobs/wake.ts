import { randomUUID } from "node:crypto";
import type { Logger } from "pino";
import postgres from "postgres";
import { withRequestId } from "../logging/requestContext.ts";

/**
 * What one process tells the others happened:
 * - `fulfilment`: an order or transfer job was queued (the fulfilment worker looks now);
 * - `art-replace`: an Approve & Replace job was queued;
 * - `holds`: holds changed (web processes drop their cached reservations);
 * - `art`: a Pix's art changed (web processes reload the catalogue and the art).
 */
type WakeKind = "fulfilment" | "art-replace" | "holds" | "art";

const KINDS: ReadonlySet<string> = new Set<WakeKind>(["fulfilment", "art-replace", "holds", "art"]);

/** The Postgres channel every process of one database listens on. */
const WAKE_CHANNEL = "pixlings_wake";

export interface Wake {
  /** Tells every subscriber of `kind`, this process's at once (synchronously), other processes' soon after (at least once after each call). */
  notify(kind: WakeKind): void;
  /** Calls `listener` on each `notify(kind)`; returns the unsubscribe. A worker still polls: a lost wake only delays. */
  subscribe(kind: WakeKind, listener: () => void): () => void;
  close(): Promise<void>;
}

function listeners(): { add(kind: WakeKind, fn: () => void): () => void; call(kind: WakeKind): void } {
  const byKind = new Map<WakeKind, Set<() => void>>();
  return {
    add(kind, fn) {
      const set = byKind.get(kind) ?? new Set();
      byKind.set(kind, set);
      set.add(fn);
      return () => set.delete(fn);
    },
    call(kind) {
      // Outside the request that notified: the loops it wakes are no part of it.
      for (const fn of byKind.get(kind) ?? []) withRequestId(undefined, fn);
    },
  };
}

/** One process (PGlite, or the `all` role without another process): subscribers are called in place. */
export function inProcessWake(): Wake {
  const local = listeners();
  return { notify: (kind) => local.call(kind), subscribe: local.add, close: async () => {} };
}

/**
 * Across processes on one Postgres: LISTEN/NOTIFY on `WAKE_CHANNEL` (one connection of its own).
 * This process's own notifications come back from Postgres and are skipped: its subscribers were
 * called at once.
 */
async function postgresWake(databaseUrl: string, logger: Logger): Promise<Wake> {
  const local = listeners();
  const me = randomUUID();
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  await sql.listen(WAKE_CHANNEL, (payload) => {
    const [from, kind] = payload.split(":");
    if (from === me || kind === undefined || !KINDS.has(kind)) return;
    local.call(kind as WakeKind);
  });
  // One NOTIFY of a kind in flight at a time: those asked for meanwhile become one more, sent once
  // it is done, so after each of them (a voucher rush asked for one `holds` per voucher).
  const inFlight = new Set<WakeKind>();
  const again = new Set<WakeKind>();
  const send = (kind: WakeKind): void => {
    if (inFlight.has(kind)) {
      again.add(kind);
      return;
    }
    inFlight.add(kind);
    sql
      .notify(WAKE_CHANNEL, `${me}:${kind}`)
      .catch((error: unknown) => logger.warn({ err: error, kind }, "wake notify failed; the workers' polling picks the job up"))
      .finally(() => {
        inFlight.delete(kind);
        if (again.delete(kind)) send(kind);
      });
  };
  return {
    notify(kind) {
      local.call(kind);
      send(kind);
    },
    subscribe: local.add,
    close: () => sql.end({ timeout: 5 }),
  };
}

/** The wake transport for the API's database: Postgres LISTEN/NOTIFY, or in-process on PGlite. */
export function openWake(config: { databaseUrl: string | undefined }, logger: Logger): Promise<Wake> {
  return config.databaseUrl ? postgresWake(config.databaseUrl, logger) : Promise.resolve(inProcessWake());
}
