import type { ActivityEvent } from "@pixlings/shared/http/activity";
import type { ActivityRow } from "../indexer/indexerReader.ts";
import { artEvent, type ArtEventRow } from "./artEvents.ts";
import { chainEvent } from "./chainEvents.ts";
import type { StreamMessage } from "./streamClient.ts";
import { encodeCursor, type StreamCursor } from "./streamCursor.ts";

/**
 * The feed's order across sources, oldest first: by the second (a block's time has no finer
 * grain), an art replacement before a chain event of the same second, then chain id, block and log
 * index, or the finish's millisecond and the replacement id. Each source keeps its own order in it.
 */
export type OrderKey = [second: number, rank: number, a: number, b: number, c: number];

export const chainOrderKey = (row: ActivityRow): OrderKey => [Number(row.timestamp), 1, row.chainId, Number(row.blockNumber), row.logIndex];
export const artOrderKey = (row: ArtEventRow): OrderKey => [Math.floor(row.ms / 1000), 0, row.ms, row.id, 0];

/** Negative when `x` comes first (is older). */
export function compareKeys(x: OrderKey, y: OrderKey): number {
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return 0;
}

/**
 * `activity` messages for chain rows and finished replacements, in the feed's order, each with the
 * cursor of a client that has everything up to it: `cursor` (changed in place) moves on, per
 * source, to each event as it is sent.
 */
export function activityMessages(cursor: StreamCursor, chainRows: readonly ActivityRow[], artRows: readonly ArtEventRow[]): StreamMessage[] {
  const events: { key: OrderKey; move(): void; data: ActivityEvent }[] = [
    ...chainRows.map((row) => ({
      key: chainOrderKey(row),
      move: () => cursor.chains.set(row.chainId, { block: row.blockNumber, logIndex: row.logIndex, hash8: row.blockHash.slice(2, 10) }),
      data: chainEvent(row) as ActivityEvent,
    })),
    ...artRows.map((row) => ({ key: artOrderKey(row), move: () => (cursor.art = { ms: row.ms, id: row.id }), data: artEvent(row) as ActivityEvent })),
  ];
  return events
    .sort((x, y) => compareKeys(x.key, y.key))
    .map((event) => {
      event.move();
      return { id: encodeCursor(cursor), event: "activity", data: event.data };
    });
}
