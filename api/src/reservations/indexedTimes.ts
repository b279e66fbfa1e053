import { z } from "zod";

/** Ponder's GET /status: per chain name, the latest indexed block. */
const StatusSchema = z.record(z.string(), z.object({ id: z.number(), block: z.object({ number: z.number(), timestamp: z.number() }) }));

/**
 * How far the indexer has got on each chain: chain id -> the timestamp (unix seconds) of the
 * latest indexed block. Chain time, not ours: a reservation is released only once its voucher's
 * chain is indexed past the voucher's deadline (plus a margin), whatever our clock says.
 */
export async function indexedTimes(indexerUrl: string): Promise<Map<number, number>> {
  const res = await fetch(`${indexerUrl}/status`, { signal: AbortSignal.timeout(5_000) });
  if (!res.ok) throw new Error(`indexer /status answered ${res.status}`);
  const status = StatusSchema.parse(await res.json());
  return new Map(Object.values(status).map((chain) => [chain.id, chain.block.timestamp]));
}
