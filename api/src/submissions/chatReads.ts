import { and, count, eq, gt, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "../db/openDatabase.ts";
import { submissionMessages } from "../db/tables/submissions.ts";
import { submissionReads } from "../db/tables/submissionReads.ts";
import type { SessionUser } from "../users/sessionUser.ts";

/** Who reads a conversation: a user, as an admin or as the submission's artist. */
export interface ChatReader {
  userId: number;
  side: "admin" | "artist";
}

/** A user reads as an admin when they are one (also while impersonating an artist: admins speak as admins), else as the artist. */
export const chatReaderOf = (user: SessionUser): ChatReader => ({ userId: user.id, side: user.isAdmin ? "admin" : "artist" });

/** Marks `submissionId`'s conversation read by `reader` up to message `upTo` (never back). */
export async function markRead(db: Db, reader: ChatReader, submissionId: number, upTo: number): Promise<void> {
  const r = submissionReads;
  await db
    .insert(r)
    .values({ submissionId, userId: reader.userId, side: reader.side, lastReadMessageId: upTo })
    .onConflictDoUpdate({
      target: [r.submissionId, r.userId, r.side],
      set: { lastReadMessageId: sql`greatest(${r.lastReadMessageId}, excluded.last_read_message_id)` },
    });
}

/** Per submission of `ids`, how many messages of the other side `reader` has not read (absent: none). */
export async function unreadCounts(db: Db, reader: ChatReader, ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const m = submissionMessages;
  const r = submissionReads;
  const rows = await db
    .select({ submissionId: m.submissionId, unread: count() })
    .from(m)
    .leftJoin(r, and(eq(r.submissionId, m.submissionId), eq(r.userId, reader.userId), eq(r.side, reader.side)))
    .where(and(inArray(m.submissionId, [...ids]), ne(m.senderType, reader.side), gt(m.id, sql`coalesce(${r.lastReadMessageId}, 0)`)))
    .groupBy(m.submissionId);
  return new Map(rows.map((row) => [row.submissionId, Number(row.unread)]));
}
