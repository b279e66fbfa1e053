import { z } from "zod";
import { intAtLeast, optional } from "@pixlings/shared/env";

/** The live activity stream's limits (`GET /api/activity/stream`). */
export interface ActivityConfig {
  /** Streams one API process serves at once; past it a new one gets 503 (each costs a socket and a little memory). */
  maxClients: number;
  /** Bytes a client may leave unread before its connection is cut (it reconnects and catches up from the history). */
  maxBufferedBytes: number;
  /** The heartbeat comment's period. */
  heartbeatMs: number;
  /** While anyone listens, the sources are read at least this often (change notices from the indexer are hints). */
  pollMs: number;
}

export const ActivityEnvSchema = z.object({
  ACTIVITY_STREAM_MAX_CLIENTS: optional(intAtLeast(1).max(1_000_000)),
  ACTIVITY_STREAM_BUFFER_BYTES: optional(intAtLeast(4_096).max(64 * 1024 * 1024)),
  ACTIVITY_HEARTBEAT_MS: optional(intAtLeast(100).max(300_000)),
  ACTIVITY_POLL_MS: optional(intAtLeast(50).max(60_000)),
});

export const readActivityConfig = (e: z.infer<typeof ActivityEnvSchema>): ActivityConfig => ({
  maxClients: e.ACTIVITY_STREAM_MAX_CLIENTS ?? 10_000,
  maxBufferedBytes: e.ACTIVITY_STREAM_BUFFER_BYTES ?? 256 * 1024,
  heartbeatMs: e.ACTIVITY_HEARTBEAT_MS ?? 15_000,
  pollMs: e.ACTIVITY_POLL_MS ?? 1_000,
});
