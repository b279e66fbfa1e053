import type postgres from "postgres";
import { CHANGE_FEED_RETRY_MS, lazyFeed, type IndexerChangeFeed } from "./indexerChanges.ts";

/**
 * The channel Ponder (0.16) notifies, by a trigger on its checkpoint table, each time it commits a
 * block while it publishes views in `viewsSchema` (`--views-schema`): `<viewsSchema>_live_query`.
 */
const viewsChangeChannel = (viewsSchema: string): string => `${viewsSchema}_live_query`;

/**
 * Change notices from Ponder's Postgres: LISTEN on the channel of its views (postgres.js keeps a
 * connection of its own for it and listens again after reconnecting). A refused first LISTEN is
 * tried again after CHANGE_FEED_RETRY_MS.
 */
export function postgresIndexerChanges(client: postgres.Sql, viewsSchema: string): IndexerChangeFeed {
  const channel = viewsChangeChannel(viewsSchema);
  return lazyFeed((emit) => {
    let listening: postgres.ListenMeta | undefined;
    let retry: NodeJS.Timeout | undefined;
    let closed = false;
    const open = (): void => {
      client
        .listen(channel, () => emit())
        .then(
          (meta) => {
            if (closed) void meta.unlisten();
            else listening = meta;
          },
          () => {
            if (!closed) retry = setTimeout(open, CHANGE_FEED_RETRY_MS);
          },
        );
    };
    open();
    return {
      close: async () => {
        closed = true;
        clearTimeout(retry);
        // Not awaited: with the database gone it would not answer (ending the client ends the listen connection).
        listening?.unlisten().catch(() => undefined);
      },
    };
  });
}
