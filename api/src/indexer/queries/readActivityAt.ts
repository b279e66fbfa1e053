import { and, eq } from "@pixlings/indexer/client";
import { indexerSchema as schema, type IndexerDb } from "../indexerDb.ts";
import { freshRead } from "./freshRead.ts";
import { activityColumns, toActivityRow, type ActivityRow, type LogPosition } from "./activityRow.ts";

/** The activity row at that place of `chainId`, if there is one now. */
export async function readActivityAt(db: IndexerDb, chainId: number, at: LogPosition): Promise<ActivityRow | undefined> {
  const a = schema.activity;
  const [row] = await db
    .select({ ...activityColumns, fresh: freshRead() })
    .from(a)
    .where(and(eq(a.chainId, chainId), eq(a.blockNumber, at.block), eq(a.logIndex, at.logIndex)));
  return row && toActivityRow(row);
}
