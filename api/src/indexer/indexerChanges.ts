/**
 * Notices that the indexer may have written something: a hint to read again, never the data.
 * Readers must stay correct without them (a notice can be lost while a connection is down).
 */
export interface IndexerChangeFeed {
  /** Calls `listener` after each block the indexer commits; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  close(): Promise<void>;
}

/** After a lost or refused connection, the next attempt waits this long. */
export const CHANGE_FEED_RETRY_MS = 1_000;

/** What `connect` opens: a connection that calls `emit` on each notice, until closed. */
export interface FeedConnection {
  close(): Promise<void>;
}

/** A feed whose connection is open only while someone listens (none for a reader nobody watches). */
export function lazyFeed(connect: (emit: () => void) => FeedConnection): IndexerChangeFeed {
  const listeners = new Set<() => void>();
  let connection: FeedConnection | undefined;
  let closed = false;
  const emit = (): void => {
    for (const listener of listeners) listener();
  };
  const disconnect = async (): Promise<void> => {
    const open = connection;
    connection = undefined;
    await open?.close();
  };
  return {
    subscribe(listener) {
      if (closed) throw new Error("the indexer change feed is closed");
      listeners.add(listener);
      connection ??= connect(emit);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) void disconnect();
      };
    },
    async close() {
      closed = true;
      listeners.clear();
      await disconnect();
    },
  };
}

/** A feed that never tells anything (readers then rely on their own polling). */
export const silentFeed: IndexerChangeFeed = { subscribe: () => () => undefined, close: async () => undefined };
