import { sql } from "drizzle-orm";
import { openDatabase } from "@pixlings/api/db";

/** Where one paid card order's custody mint was when, in ms since the epoch (undefined: not seen). */
export interface MintTrace {
  orderId: string;
  tokenIds: number[];
  /** The webhook's payment recorded on the order (`card_orders.paid_at`). */
  paidAt?: number;
  /** Its mint job written (`order_jobs.created_at`, in the payment's transaction). */
  queuedAt?: number;
  /** First seen held by a worker (a lease on the job). */
  claimedAt?: number;
  /** Its first transaction first seen signed and stored on the job. */
  sentAt?: number;
  /** The block that minted its first id (the block's timestamp: whole seconds). */
  minedAt?: number;
  /** Its first id first seen in Ponder's `token` table (indexed). */
  indexedAt?: number;
  /** Leases seen on the job (each run of it: the send, then the looks until the mint is final). */
  runs: number;
  /** Transactions seen on the job (a send again at its nonce counts). */
  sends: number;
}

export interface MintPipelineTrace {
  /** Every paid card order seen so far, by id. */
  orders(): ReadonlyMap<string, MintTrace>;
  /** The last sample's failure, if one failed (the samples go on). */
  lastError(): unknown;
  stop(): Promise<void>;
}

interface JobRow extends Record<string, unknown> {
  order_id: string;
  token_ids: number[];
  paid_at: number | null;
  created_at: number;
  locked_by: string | null;
  sent_at: number | null;
  tx_hash: string | null;
}

interface TokenRow extends Record<string, unknown> {
  token_id: number;
  minted_at: string;
}

/**
 * Samples, every `everyMs`, the paid card orders' mint jobs in the API's database and the tokens
 * Ponder indexed on `chainId` (its tables in `ponderSchema` of the same Postgres): when each job was
 * first claimed and first sent, and when its first id was first indexed. A sampled time is late by
 * up to `everyMs` (and the time a query takes on a busy machine).
 */
export async function traceMintPipeline(p: { databaseUrl: string; ponderSchema: string; chainId: number; everyMs: number }): Promise<MintPipelineTrace> {
  const database = await openDatabase({ databaseUrl: p.databaseUrl });
  const traces = new Map<string, MintTrace>();
  const leases = new Map<string, Set<string>>();
  const hashes = new Map<string, Set<string>>();
  const indexed = new Map<number, { at: number; mintedAt: number }>();
  let stopped = false;
  let lastError: unknown;

  const sample = async (): Promise<void> => {
    const now = Date.now();
    const jobs = (await database.db.execute(sql`
      select j.order_id, o.token_ids, j.locked_by, j.tx_hash,
        (extract(epoch from o.paid_at) * 1000)::float8 as paid_at, (extract(epoch from j.created_at) * 1000)::float8 as created_at,
        (extract(epoch from j.sent_at) * 1000)::float8 as sent_at
      from order_jobs j join card_orders o on o.id = j.order_id
      where j.kind = 'mint' and o.source = 'card'`)) as unknown as JobRow[];
    const tokens = (await database.db.execute(
      sql`select token_id, minted_at::text as minted_at from ${sql.identifier(p.ponderSchema)}.token where chain_id = ${p.chainId}`,
    )) as unknown as TokenRow[];
    for (const token of tokens) if (!indexed.has(token.token_id)) indexed.set(token.token_id, { at: now, mintedAt: Number(token.minted_at) * 1000 });
    for (const job of jobs) {
      const trace = traces.get(job.order_id) ?? { orderId: job.order_id, tokenIds: job.token_ids, runs: 0, sends: 0 };
      traces.set(job.order_id, trace);
      trace.paidAt ??= job.paid_at ?? undefined;
      trace.queuedAt ??= job.created_at;
      const seenLeases = leases.get(job.order_id) ?? new Set();
      leases.set(job.order_id, seenLeases);
      if (job.locked_by) {
        trace.claimedAt ??= now;
        seenLeases.add(job.locked_by);
      }
      const seenHashes = hashes.get(job.order_id) ?? new Set();
      hashes.set(job.order_id, seenHashes);
      if (job.tx_hash) {
        trace.sentAt ??= job.sent_at ?? now;
        seenHashes.add(job.tx_hash);
      }
      trace.runs = seenLeases.size;
      trace.sends = seenHashes.size;
      const first = indexed.get(job.token_ids[0]!);
      if (first) {
        trace.indexedAt ??= first.at;
        trace.minedAt ??= first.mintedAt;
      }
    }
  };

  const loop = (async () => {
    while (!stopped) {
      const started = Date.now();
      await sample().catch((error: unknown) => (lastError = error));
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, p.everyMs - (Date.now() - started))));
    }
  })();

  return {
    orders: () => traces,
    lastError: () => lastError,
    stop: async () => {
      stopped = true;
      await loop;
      await database.close();
    },
  };
}
