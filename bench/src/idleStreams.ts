import { openSse, type SseConnection } from "@pixlings/test-kit/sseReader";

/** Opened this many at a time, each waiting for its `ready`. */
const BATCH = 100;

/**
 * `count` live activity streams on `baseUrl` that only listen (as that many open home pages do):
 * resolves once every one said `ready`; `dropped()` counts those the server ended since; `close()` ends them.
 */
export async function openIdleStreams(baseUrl: string, count: number): Promise<{ streams: SseConnection[]; dropped(): number; close(): void }> {
  const streams: SseConnection[] = [];
  let closing = false;
  let dropped = 0;
  const close = (): void => {
    closing = true;
    for (const stream of streams) stream.close();
  };
  try {
    for (let opened = 0; opened < count; opened += BATCH) {
      const batch = await Promise.all(Array.from({ length: Math.min(BATCH, count - opened) }, () => openSse(`${baseUrl}/api/activity/stream`)));
      streams.push(...batch);
      for (const stream of batch) void stream.ended.then(() => (dropped += closing ? 0 : 1));
      for (const stream of batch) {
        if (stream.status !== 200) throw new Error(`an activity stream answered ${stream.status}: ${stream.body}`);
        await stream.next((m) => m.event === "ready", { timeoutMs: 30_000 });
      }
    }
  } catch (error) {
    close();
    throw error;
  }
  return { streams, dropped: () => dropped, close };
}
