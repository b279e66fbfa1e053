import { and, desc, eq, lt, lte, or, type SQL } from "@pixlings/indexer/client";
import { indexerSchema as schema, type IndexerDb } from "../indexerDb.ts";
import { freshRead } from "./freshRead.ts";
import { activityColumns, toActivityRow, type ActivityRow } from "./activityRow.ts";

/**
 * Where the history's page starts, newest first: below a chain event (exclusive: its block time,
 * chain, block, log index), or at a second (inclusive: every chain event of that second or earlier).
 */
export type ActivityPageStart = { timestamp: bigint; chainId: number; block: bigint; logIndex: number } | { atOrBeforeSecond: bigint };

/** At most `limit` activity rows of every chain, newest first (block time, then chain id, block, log index, descending). */
export async function readActivityPage(db: IndexerDb, start: ActivityPageStart | undefined, limit: number): Promise<ActivityRow[]> {
  const a = schema.activity;
  let older: SQL | undefined;
  if (start && "atOrBeforeSecond" in start) older = lte(a.timestamp, start.atOrBeforeSecond);
  else if (start) {
    older = or(
      lt(a.timestamp, start.timestamp),
      and(
        eq(a.timestamp, start.timestamp),
        or(
          lt(a.chainId, start.chainId),
          and(eq(a.chainId, start.chainId), or(lt(a.blockNumber, start.block), and(eq(a.blockNumber, start.block), lt(a.logIndex, start.logIndex)))),
        ),
      ),
    );
  }
  const rows = await db
    .select({ ...activityColumns, fresh: freshRead() })
    .from(a)
    .where(older)
    .orderBy(desc(a.timestamp), desc(a.chainId), desc(a.blockNumber), desc(a.logIndex))
    .limit(limit);
  return rows.map(toActivityRow);
}
