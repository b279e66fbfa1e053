import type { ActivityEvent, ActivityPage } from "@pixlings/shared/http/activity";
import type { Db } from "../db/openDatabase.ts";
import { HttpError } from "../http/HttpError.ts";
import type { ActivityPageStart, ActivityRow, IndexerReader } from "../indexer/indexerReader.ts";
import { parseEventId } from "./activityIds.ts";
import { artEvent, readArtBefore, readArtEvent, type ArtEventRow, type ArtPosition } from "./artEvents.ts";
import { chainEvent } from "./chainEvents.ts";

/**
 * The history's order, newest first: by time (a block's second, a finish's millisecond), then a
 * chain event above an art event of the same millisecond, then chain id, block, log index, or
 * replacement id. Keys compare as arrays of numbers.
 */
type Key = [ms: number, rank: number, a: number, b: number, c: number];
const chainKey = (row: ActivityRow): Key => [Number(row.timestamp) * 1000, 1, row.chainId, Number(row.blockNumber), row.logIndex];
const artKey = (row: ArtEventRow): Key => [row.ms, 0, row.id, 0, 0];
const newerFirst = (x: Key, y: Key): number => {
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return y[i]! - x[i]!;
  return 0;
};

/** Past every replacement id (an int4 column). */
const MAX_ID = 2_147_483_647;

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
    // Below it: art finished before the block's second, or in its first millisecond.
    return { chain: { timestamp: row.timestamp, chainId, block, logIndex }, art: { ms: Number(row.timestamp) * 1000, id: MAX_ID } };
  }
  const row = await readArtEvent(db, parsed.replacementId);
  if (!row) throw unknownEvent();
  // Below it: blocks whose second starts before the finish (a block sorts at its second's first millisecond).
  return { chain: { atOrBeforeSecond: BigInt(Math.ceil(row.ms / 1000) - 1) }, art: row };
}

/** `GET /api/activity`: chain events and art replacements, newest first, `limit` of them below `before`. */
export async function activityHistory(db: Db, indexer: IndexerReader, before: string | undefined, limit: number): Promise<ActivityPage> {
  const start = before === undefined ? undefined : await startsBelow(db, indexer, before);
  const [chainRows, artRows] = await Promise.all([indexer.activityPage(start?.chain, limit), readArtBefore(db, start?.art, limit)]);
  const merged: { key: Key; event: ActivityEvent }[] = [
    ...chainRows.map((row) => ({ key: chainKey(row), event: chainEvent(row) as ActivityEvent })),
    ...artRows.map((row) => ({ key: artKey(row), event: artEvent(row) as ActivityEvent })),
  ].sort((x, y) => newerFirst(x.key, y.key));
  const events = merged.slice(0, limit).map((m) => m.event);
  // Each source gave up to `limit`: more than `limit` together means more below this page.
  return { events, next: merged.length > limit ? events.at(-1)!.id : null };
}
