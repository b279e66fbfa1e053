import type { ActivityEvent, ActivityPage } from "@pixlings/shared/http/activity";
import type { Db } from "../db/openDatabase.ts";
import { HttpError } from "../http/HttpError.ts";
import type { ActivityPageStart, ActivityRow, IndexerReader } from "../indexer/indexerReader.ts";
import { parseEventId } from "./activityIds.ts";
import { artEvent, readArtBefore, readArtEvent, type ArtEventRow, type ArtPosition } from "./artEvents.ts";
import { chainEvent } from "./chainEvents.ts";

/**
 * The history's order, newest first: by the second (a block's time has no finer grain), a chain
 * event above an art replacement of the same second, then chain id, block and log index, or the
 * finish's millisecond and the replacement id. Keys compare as arrays of numbers.
 */
type Key = [second: number, rank: number, a: number, b: number, c: number];
const chainKey = (row: ActivityRow): Key => [Number(row.timestamp), 1, row.chainId, Number(row.blockNumber), row.logIndex];
const artKey = (row: ArtEventRow): Key => [Math.floor(row.ms / 1000), 0, row.ms, row.id, 0];
const newerFirst = (x: Key, y: Key): number => {
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return y[i]! - x[i]!;
  return 0;
};

const unknownEvent = (): HttpError =>
  new HttpError(400, "Invalid request query.before: no such event (a chain reorganisation may have dropped it; reload the feed)");

/** Where each source's page starts below the event `before` names. */
async function startsBelow(db: Db, indexer: IndexerReader, before: string): Promise<{ chain: ActivityPageStart; art: ArtPosition }> {
  const parsed = parseEventId(before);
  if (!parsed) throw new HttpError(400, "Invalid request query.before: must be an event id from this feed");
  if (parsed.source === "chain") {
    const { chainId, block, logIndex, hash8 } = parsed.place;
    const row = await indexer.activityAt(chainId, { block, logIndex });
    if (!row || row.blockHash.slice(2, 10) !== hash8) throw unknownEvent();
    // Below it: art finished in the block's second or before.
    return { chain: { timestamp: row.timestamp, chainId, block, logIndex }, art: { ms: (Number(row.timestamp) + 1) * 1000, id: 0 } };
  }
  const row = await readArtEvent(db, parsed.replacementId);
  if (!row) throw unknownEvent();
  // Below it: blocks of the seconds before the finish's.
  return { chain: { atOrBeforeSecond: BigInt(Math.floor(row.ms / 1000) - 1) }, art: row };
}

/** `GET /api/activity`: chain events and art replacements, newest first, `limit` of them below `before`. */
export async function activityHistory(db: Db, indexer: IndexerReader, before: string | undefined, limit: number): Promise<ActivityPage> {
  const start = before === undefined ? undefined : await startsBelow(db, indexer, before);
  // One past the page from each source: more than `limit` together means more below this page.
  const [chainRows, artRows] = await Promise.all([indexer.activityPage(start?.chain, limit + 1), readArtBefore(db, start?.art, limit + 1)]);
  const merged: { key: Key; event: ActivityEvent }[] = [
    ...chainRows.map((row) => ({ key: chainKey(row), event: chainEvent(row) as ActivityEvent })),
    ...artRows.map((row) => ({ key: artKey(row), event: artEvent(row) as ActivityEvent })),
  ].sort((x, y) => newerFirst(x.key, y.key));
  const events = merged.slice(0, limit).map((m) => m.event);
  return { events, next: merged.length > limit ? events.at(-1)!.id : null };
}
