import { createClient, sql } from "@pixlings/indexer/client";
import { indexerSchema as schema } from "./indexerDb.ts";
import { CHANGE_FEED_RETRY_MS, lazyFeed, type IndexerChangeFeed } from "./indexerChanges.ts";

/**
 * Change notices from Ponder over HTTP: a live query (@ponder/client `live()`, server-sent events
 * from `/sql/live`) of Ponder's checkpoint table, which Ponder re-runs and sends whenever it has
 * committed a block, including the first block after a reorg. (A live query of the token table
 * alone would miss a reorg: Ponder does not notify the tables a revert changes.) Reconnects after
 * CHANGE_FEED_RETRY_MS when the stream fails or Ponder refuses it (503 until its backfill is done).
 */
export function httpIndexerChanges(url: string): IndexerChangeFeed {
  const client = createClient(`${url.replace(/\/+$/, "")}/sql`, { schema });
  return lazyFeed((emit) => {
    let live: { unsubscribe(): void } | undefined;
    let retry: NodeJS.Timeout | undefined;
    let closed = false;
    const open = (): void => {
      live = client.live(
        (db) => db.execute(sql`select chain_id, latest_checkpoint from _ponder_checkpoint`),
        () => emit(),
        () => {
          const failed = live;
          live = undefined;
          // eventsource arms its own reconnect timer right after this callback returns; closing
          // it a microtask later clears that timer, which would otherwise hold the process 3 s.
          queueMicrotask(() => failed?.unsubscribe());
          if (!closed && !retry) {
            retry = setTimeout(() => {
              retry = undefined;
              open();
            }, CHANGE_FEED_RETRY_MS);
          }
        },
      );
    };
    open();
    return {
      close: async () => {
        closed = true;
        clearTimeout(retry);
        live?.unsubscribe();
      },
    };
  });
}
