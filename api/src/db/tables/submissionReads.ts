import { integer, pgTable, primaryKey } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";
import { senderType, submissionMessages, submissions } from "./submissions.ts";

/**
 * How far each reader has read a submission's conversation: the last message shown to `user_id`
 * reading as `side` (an admin, or the artist). Messages of the other side past it are unread.
 */
export const submissionReads = pgTable(
  "submission_reads",
  {
    submissionId: integer("submission_id")
      .notNull()
      .references(() => submissions.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    side: senderType("side").notNull(),
    lastReadMessageId: integer("last_read_message_id")
      .notNull()
      .references(() => submissionMessages.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.submissionId, t.userId, t.side] })],
);
