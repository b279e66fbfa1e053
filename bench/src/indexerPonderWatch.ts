// When Ponder shows each new mint, without asking it again and again: one live query (@ponder/client
// `live()`, server-sent events from /sql/live, re-run by Ponder after each block it commits) of the
// chain's token ids above `after`. Polling Ponder's SQL every few ms instead would load the very
// process being timed (it answers those reads on the event loop and PGlite connection it indexes with).
import { and, eq, gt, schema, type TestIndexer } from "@pixlings/test-kit/indexer";

export interface PonderWatch {
  /** Resolves with the performance.now() at which a live answer first held `tokenId`. */
  seen(tokenId: number): Promise<number>;
  close(): void;
}

export function watchPonderMints(indexer: TestIndexer, chainId: number, after: number): PonderWatch {
  const seenAt = new Map<number, number>();
  const waiting = new Map<number, (at: number) => void>();
  let failure: Error | undefined;
  const live = indexer.client.live(
    (db) =>
      db
        .select({ tokenId: schema.token.tokenId })
        .from(schema.token)
        .where(and(eq(schema.token.chainId, chainId), gt(schema.token.tokenId, after))),
    (rows) => {
      const at = performance.now();
      for (const { tokenId } of rows) {
        if (seenAt.has(tokenId)) continue;
        seenAt.set(tokenId, at);
        waiting.get(tokenId)?.(at);
        waiting.delete(tokenId);
      }
    },
    (error) => {
      failure = error;
    },
  );
  return {
    seen: (tokenId) => {
      if (failure) return Promise.reject(failure);
      const at = seenAt.get(tokenId);
      if (at !== undefined) return Promise.resolve(at);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(failure ?? new Error(`mint of ${tokenId} not shown by Ponder's live query after 30 s`)), 30_000);
        waiting.set(tokenId, (seen) => {
          clearTimeout(timer);
          resolve(seen);
        });
      });
    },
    close: () => live.unsubscribe(),
  };
}
