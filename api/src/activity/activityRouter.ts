import { Router, type Response } from "express";
import type { Logger } from "pino";
import { z } from "zod";
import { ACTIVITY_PAGE_DEFAULT, ACTIVITY_PAGE_MAX, type ActivityPage } from "@pixlings/shared/http/activity";
import type { Db } from "../db/openDatabase.ts";
import { HttpError } from "../http/HttpError.ts";
import { route } from "../http/route.ts";
import type { IndexerReader } from "../indexer/indexerReader.ts";
import type { ActivityConfig } from "./activityConfig.ts";
import { activityHistory } from "./activityHistory.ts";
import { createActivityHub, type ActivityHub } from "./activityHub.ts";
import { streamClient } from "./streamClient.ts";
import { StreamCursorText } from "./streamCursor.ts";

const HistoryQuery = z.object({
  before: z.string().max(64).optional(),
  limit: z.coerce.number().int().min(1).max(ACTIVITY_PAGE_MAX).default(ACTIVITY_PAGE_DEFAULT),
});

/** How long a browser waits before reconnecting a dropped stream (the SSE `retry` field). */
const RECONNECT_MS = 2_000;
/** Events a reconnect may replay before it is told to reload the history instead. */
const REPLAY_MAX = 500;
/** Rows one read of a chain or of the art takes (more wait for the next read). */
const READ_MAX = 2_000;

/**
 * `GET /api/activity` (the history) and `GET /api/activity/stream` (server-sent events), anyone.
 * The stream's hub stops with the app (`close` on the app).
 */
export function activityRouter(deps: { db: Db; indexer: IndexerReader; logger: Logger; config: ActivityConfig }): { router: Router; hub: ActivityHub } {
  const { db, indexer, config } = deps;
  const hub = createActivityHub(deps, { heartbeatMs: config.heartbeatMs, pollMs: config.pollMs, replayMax: REPLAY_MAX, readMax: READ_MAX });
  const router = Router();
  // Streams open now, admitted or waiting to be: the cap counts both.
  let open = 0;

  router.get(
    "/api/activity",
    route({ query: HistoryQuery }, async ({ query }, _req, res: Response<ActivityPage>) => {
      res.set("Cache-Control", "no-store");
      res.json(await activityHistory(db, indexer, query.before, query.limit));
    }),
  );

  router.get(
    "/api/activity/stream",
    route({}, async (_input, req, res: Response<unknown>) => {
      const lastEventId = req.get("last-event-id");
      const cursor = lastEventId === undefined || lastEventId === "" ? undefined : StreamCursorText.safeParse(lastEventId);
      if (cursor && !cursor.success) throw new HttpError(400, "Invalid Last-Event-ID: not a position this stream gave (reload the page)");
      if (open >= config.maxClients) {
        res.set("Retry-After", "30");
        throw new HttpError(503, "Too many live activity streams on this server: try again shortly");
      }
      res.status(200).set({
        "Content-Type": "text/event-stream; charset=utf-8",
        "Cache-Control": "no-store, no-transform",
        "X-Accel-Buffering": "no",
      });
      req.socket.setNoDelay(true);
      open++;
      const client = streamClient(res, config.maxBufferedBytes, () => open--);
      // Nothing is written before the hub admits the client: when the indexer is away this is still a plain 503.
      try {
        await hub.join(client, cursor?.data);
      } catch (error) {
        client.close();
        if (res.headersSent) return;
        if (error instanceof HttpError) throw error;
        const unavailable = new HttpError(503, "The live activity is not available right now");
        (unavailable as Error & { cause?: unknown }).cause = error;
        throw unavailable;
      }
      client.write(`retry: ${RECONNECT_MS}\n\n`);
    }),
  );
  return { router, hub };
}
