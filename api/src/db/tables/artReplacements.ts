import { sql } from "drizzle-orm";
import { bigint, index, integer, pgEnum, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { CHAIN_JOB_STATES } from "@pixlings/shared/http/submissions";
import { currentRequestId } from "../../logging/requestContext.ts";
import { timestamptz } from "./columns.ts";
import { users } from "./accounts.ts";
import { tier } from "./catalogue.ts";
import { reservations } from "./reservations.ts";
import { submissions } from "./submissions.ts";

export const chainJobState = pgEnum("chain_job_state", CHAIN_JOB_STATES);

/**
 * An Approve & Replace: a submission's art written onto Pix `token_id` on every chain. While it
 * runs (`finished_at` null) it holds the Pix through `reservation_id` (no sale can start) and is the
 * only live replacement of that Pix and of that submission. It keeps what the Pix was before
 * (catalogue text and the indexed art): once finished, that is a displaced original. An abandoned
 * one (`abandoned_at`) writes each chain's old art back and is then deleted with its jobs and hold.
 */
export const artReplacements = pgTable(
  "art_replacements",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    submissionId: integer("submission_id")
      .notNull()
      .references(() => submissions.id),
    tokenId: integer("token_id").notNull(),
    startedBy: integer("started_by").references(() => users.id, { onDelete: "set null" }),
    reservationId: integer("reservation_id").references(() => reservations.id),
    /** The art written: the submission's at approval (it cannot change meanwhile). */
    palette: integer("palette").array().notNull(),
    pixels: text("pixels").notNull(),
    /** The Pix before: catalogue text and artist, and its indexed art and version. */
    oldName: text("old_name").notNull(),
    oldDescription: text("old_description").notNull(),
    oldTier: tier("old_tier").notNull(),
    oldArtistId: integer("old_artist_id"),
    oldPalette: integer("old_palette").array().notNull(),
    oldPixels: text("old_pixels").notNull(),
    oldVersion: integer("old_version").notNull(),
    startedAt: timestamptz("started_at").notNull().defaultNow(),
    /** Every chain confirmed and the indexer shows the new art everywhere. */
    finishedAt: timestamptz("finished_at"),
    /**
     * The approve's fresh checks (unminted on every chain) passed once the Pix was held: only then
     * does the worker send anything. Null while the approve checks (or after it crashed meanwhile:
     * the worker checks again).
     */
    checkedAt: timestamptz("checked_at"),
    /** An admin abandoned it: the worker writes each chain's old art back, then deletes it. */
    abandonedAt: timestamptz("abandoned_at"),
  },
  (t) => [
    uniqueIndex("art_replacements_live_token_idx").on(t.tokenId).where(sql`finished_at is null`),
    uniqueIndex("art_replacements_live_submission_idx").on(t.submissionId).where(sql`finished_at is null`),
    index("art_replacements_finished_idx").on(t.finishedAt),
  ],
);

/**
 * One chain's `replaceArt` of a replacement. The transaction is signed and stored (`raw_tx`,
 * `tx_hash`, `nonce`) before it is broadcast, so after a crash it is re-broadcast as the same
 * transaction (never a second one), and a re-sign keeps the nonce: at most one of them can mine.
 * Nonces come from `key_nonces` (shared by every API process); a failed try is retried later
 * (`attempts`, `run_after`).
 */
export const replacementJobs = pgTable(
  "replacement_jobs",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    replacementId: integer("replacement_id")
      .notNull()
      .references(() => artReplacements.id, { onDelete: "cascade" }),
    chainId: integer("chain_id").notNull(),
    state: chainJobState("state").notNull().default("pending"),
    /** The latest signed transaction, and every hash signed for this job (same nonce). */
    txHash: text("tx_hash"),
    txHashes: text("tx_hashes").array().notNull().default([]),
    rawTx: text("raw_tx"),
    nonce: integer("nonce"),
    sentAt: timestamptz("sent_at"),
    /** Why it failed, or while it retries, why its last try failed. */
    error: text("error"),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
    /**
     * This chain's art before the approve (as indexed then): what an abandon writes back. Null on
     * jobs older than these columns: the replacement's old art (the primary chain's) stands in.
     */
    oldPalette: integer("old_palette").array(),
    oldPixels: text("old_pixels"),
    oldVersion: integer("old_version"),
    /**
     * The chain's head block once the job was seen confirmed: the replacement is indexed on this
     * chain when the indexer has reached this block and shows the job's art (no version counting:
     * versions differ per chain once an operator wrote one chain alone).
     */
    settledBlock: bigint("settled_block", { mode: "number" }),
    /** Failed tries since it last failed for good (an RPC away, a refused send): retried until ART_REPLACE_MAX_ATTEMPTS. */
    attempts: integer("attempts").notNull().default(0),
    /** Its next try not before (backoff after a failed try). */
    runAfter: timestamptz("run_after").notNull().defaultNow(),
    /** The request that queued it (the approve's X-Request-Id). */
    requestId: text("request_id").$defaultFn(() => currentRequestId() ?? sql`null`),
  },
  (t) => [uniqueIndex("replacement_jobs_chain_idx").on(t.replacementId, t.chainId), index("replacement_jobs_state_idx").on(t.state)],
);
