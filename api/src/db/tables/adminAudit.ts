import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { timestamptz } from "./columns.ts";
import { sessions, users } from "./accounts.ts";
import { artists } from "./catalogue.ts";

/**
 * An admin viewing the artist area as an artist, on one session (POST /api/admin/artist-login):
 * at most one live row per session; ended by artist-logout, another artist-login, or the session's end.
 */
export const artistImpersonations = pgTable(
  "artist_impersonations",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    sessionId: text("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    adminUserId: integer("admin_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    artistId: integer("artist_id")
      .notNull()
      .references(() => artists.id, { onDelete: "cascade" }),
    startedAt: timestamptz("started_at").notNull().defaultNow(),
    endedAt: timestamptz("ended_at"),
  },
  (t) => [uniqueIndex("artist_impersonations_live_session_idx").on(t.sessionId).where(sql`ended_at is null`)],
);

/**
 * What admins did: every admin write and every artist-route action taken while impersonating.
 * Plain ids (no foreign keys): the record outlives what it names.
 */
export const adminAuditLog = pgTable(
  "admin_audit_log",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    adminUserId: integer("admin_user_id"),
    /** The admin's email (or first name) at the time. */
    admin: text("admin").notNull(),
    action: text("action").notNull(),
    artistId: integer("artist_id"),
    submissionId: integer("submission_id"),
    tokenId: integer("token_id"),
    detail: text("detail"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [index("admin_audit_log_created_idx").on(t.createdAt)],
);
