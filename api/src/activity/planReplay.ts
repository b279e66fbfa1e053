import type { Db } from "../db/openDatabase.ts";
import type { IndexerReader, LogPosition } from "../indexer/indexerReader.ts";
import { comparePositions } from "./activityIds.ts";
import { readArtAfter, type ArtPosition } from "./artEvents.ts";
import { activityMessages } from "./eventOrder.ts";
import type { FollowedChain } from "./chainFollower.ts";
import type { StreamMessage } from "./streamClient.ts";
import { encodeCursor, type StreamCursor } from "./streamCursor.ts";

const artBefore = (a: ArtPosition, b: ArtPosition | undefined): boolean => b !== undefined && (a.ms < b.ms || (a.ms === b.ms && a.id < b.id));

export interface ReplayQuestion {
  db: Db;
  indexer: IndexerReader;
  hub: { chains: ReadonlyMap<number, FollowedChain> };
  /** Where the live events start. */
  present: StreamCursor;
  /** Where the client is (its `Last-Event-ID`). */
  from: StreamCursor;
  max: number;
}

/**
 * The events between a reconnecting client's cursor and the present, as messages whose ids walk
 * from one to the other; "reset" when the client's place on a chain is gone (a reorg dropped the
 * block of its last event while it was away), names a block this stream would not have given (a
 * whole block not yet final), or more than `max` events are missing. A chain the cursor does not
 * name is taken from the present (nothing to replay there).
 */
export async function planReplay({ db, indexer, hub, present, from, max }: ReplayQuestion): Promise<StreamMessage[] | "reset"> {
  const after = new Map<number, LogPosition>();
  for (const [chainId, now] of present.chains) {
    const was = from.chains.get(chainId);
    if (!was) continue;
    if (was.hash8) {
      const row = await indexer.activityAt(chainId, was);
      if (!row || row.blockHash.slice(2, 10) !== was.hash8) return "reset";
    } else if (was.block > (hub.chains.get(chainId)?.finalized ?? -1n)) return "reset";
    if (comparePositions(was, now) < 0) after.set(chainId, was);
  }
  const rows = after.size > 0 ? await indexer.activityAfter(after, max + 1) : [];
  if (rows.length > max) return "reset";
  const missed = rows.filter((row) => comparePositions({ block: row.blockNumber, logIndex: row.logIndex }, present.chains.get(row.chainId)!) <= 0);
  const art = from.art === undefined || artBefore(from.art, present.art) ? await readArtAfter(db, from.art, max + 1) : [];
  const last = present.art;
  const artMissed = last ? art.filter((row) => !artBefore(last, row)) : [];
  if (art.length > max || missed.length + artMissed.length > max) return "reset";

  const cursor: StreamCursor = { chains: new Map(present.chains), art: from.art };
  for (const [chainId, was] of from.chains) if (present.chains.has(chainId)) cursor.chains.set(chainId, was);
  const messages = activityMessages(cursor, missed, artMissed);
  // The last replayed message leaves each source where the live events start (a final block names no event).
  const final = messages.at(-1);
  if (final) final.id = encodeCursor(present);
  return messages;
}
