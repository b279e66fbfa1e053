import { and, asc, eq, gt, or, type SQL } from "@pixlings/indexer/client";
import { indexerSchema as schema, type IndexerDb } from "../indexerDb.ts";
import { freshRead } from "./freshRead.ts";
import { activityColumns, toActivityRow, type ActivityRow, type LogPosition } from "./activityRow.ts";

/**
 * The activity rows past each chain's position in `after` (chains not in it: none), in chain
 * order (chain id, block, log index), at most `limit`.
 */
export async function readActivityAfter(db: IndexerDb, after: ReadonlyMap<number, LogPosition>, limit: number): Promise<ActivityRow[]> {
  if (after.size === 0) return [];
  const a = schema.activity;
  const past = [...after].map(
    ([chainId, { block, logIndex }]): SQL =>
      and(eq(a.chainId, chainId), or(gt(a.blockNumber, block), and(eq(a.blockNumber, block), gt(a.logIndex, logIndex))))!,
  );
  const rows = await db
    .select({ ...activityColumns, fresh: freshRead() })
    .from(a)
    .where(or(...past))
    .orderBy(asc(a.chainId), asc(a.blockNumber), asc(a.logIndex))
    .limit(limit);
  return rows.map(toActivityRow);
}
