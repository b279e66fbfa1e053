import type { ActivityEvent, ActivityPage } from "@pixlings/shared/http/activity";
import type { Db } from "../db/openDatabase.ts";
import { HttpError } from "../http/HttpError.ts";
import type { ActivityPageStart, IndexerReader } from "../indexer/indexerReader.ts";
import { parseEventId } from "./activityIds.ts";
import { artEvent, readArtBefore, readArtEvent, type ArtPosition } from "./artEvents.ts";
import { chainEvent } from "./chainEvents.ts";
import { artOrderKey, chainOrderKey, compareKeys, type OrderKey } from "./eventOrder.ts";

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
  // Newest first in the feed's order (eventOrder.ts).
  const merged: { key: OrderKey; event: ActivityEvent }[] = [
    ...chainRows.map((row) => ({ key: chainOrderKey(row), event: chainEvent(row) as ActivityEvent })),
    ...artRows.map((row) => ({ key: artOrderKey(row), event: artEvent(row) as ActivityEvent })),
  ].sort((x, y) => compareKeys(y.key, x.key));
  const events = merged.slice(0, limit).map((m) => m.event);
  return { events, next: merged.length > limit ? events.at(-1)!.id : null };
}
