import { index, integer, pgEnum, pgTable, text } from "drizzle-orm/pg-core";
import { MESSAGE_TYPES, SUBMISSION_STATUSES } from "@pixlings/shared/http/submissions";
import { timestamptz } from "./columns.ts";
import { users } from "./accounts.ts";
import { artists, symmetry } from "./catalogue.ts";

export const submissionStatus = pgEnum("submission_status", SUBMISSION_STATUSES);
export const messageType = pgEnum("message_type", MESSAGE_TYPES);
export const senderType = pgEnum("sender_type", ["admin", "artist"]);

/**
 * Artwork submitted by an artist (or uploaded by an admin: `artist_id` null) for review. The piece
 * is the pixel codec's canonical form: `palette` (24-bit RGB, most used first) and `pixels` (81
 * palette indices, hex). `status` becomes approved only when its replacement is done everywhere.
 */
export const submissions = pgTable(
  "submissions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    artistId: integer("artist_id").references(() => artists.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description"),
    palette: integer("palette").array().notNull(),
    pixels: text("pixels").notNull(),
    colorCount: integer("color_count").notNull(),
    symmetry: symmetry("symmetry").notNull(),
    /** +1 each time the artist replaces the piece (the image URL's cache-buster). */
    artVersion: integer("art_version").notNull().default(1),
    status: submissionStatus("status").notNull().default("pending"),
    adminNotes: text("admin_notes"),
    targetTokenId: integer("target_token_id"),
    /** The admin who created it: an upload of theirs, or while impersonating its artist. */
    createdByAdminId: integer("created_by_admin_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
    approvedAt: timestamptz("approved_at"),
  },
  (t) => [index("submissions_artist_id_idx").on(t.artistId), index("submissions_status_idx").on(t.status)],
);

/** A submission's conversation: text from the artist or an admin, and rejection/approval notices. */
export const submissionMessages = pgTable(
  "submission_messages",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    submissionId: integer("submission_id")
      .notNull()
      .references(() => submissions.id, { onDelete: "cascade" }),
    senderType: senderType("sender_type").notNull(),
    /** Who wrote it (an admin impersonating the artist writes as the admin). */
    senderUserId: integer("sender_user_id").references(() => users.id, { onDelete: "set null" }),
    senderName: text("sender_name"),
    messageType: messageType("message_type").notNull().default("text"),
    message: text("message").notNull(),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [index("submission_messages_submission_idx").on(t.submissionId, t.id)],
);
