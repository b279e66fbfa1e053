CREATE TYPE "public"."message_type" AS ENUM('text', 'rejection', 'approval');--> statement-breakpoint
CREATE TYPE "public"."sender_type" AS ENUM('admin', 'artist');--> statement-breakpoint
CREATE TYPE "public"."submission_status" AS ENUM('pending', 'approved', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."chain_job_state" AS ENUM('pending', 'sent', 'confirmed', 'failed');--> statement-breakpoint
ALTER TYPE "public"."release_reason" ADD VALUE 'art_replaced';--> statement-breakpoint
CREATE TABLE "submission_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "submission_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"submission_id" integer NOT NULL,
	"sender_type" "sender_type" NOT NULL,
	"sender_user_id" integer,
	"sender_name" text,
	"message_type" "message_type" DEFAULT 'text' NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "submissions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "submissions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"artist_id" integer,
	"name" text NOT NULL,
	"description" text,
	"palette" integer[] NOT NULL,
	"pixels" text NOT NULL,
	"color_count" integer NOT NULL,
	"symmetry" "symmetry" NOT NULL,
	"art_version" integer DEFAULT 1 NOT NULL,
	"status" "submission_status" DEFAULT 'pending' NOT NULL,
	"admin_notes" text,
	"target_token_id" integer,
	"created_by_admin_id" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"approved_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "art_replacements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "art_replacements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"submission_id" integer NOT NULL,
	"token_id" integer NOT NULL,
	"started_by" integer,
	"reservation_id" integer,
	"palette" integer[] NOT NULL,
	"pixels" text NOT NULL,
	"old_name" text NOT NULL,
	"old_description" text NOT NULL,
	"old_tier" "tier" NOT NULL,
	"old_artist_id" integer,
	"old_palette" integer[] NOT NULL,
	"old_pixels" text NOT NULL,
	"old_version" integer NOT NULL,
	"started_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "replacement_jobs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "replacement_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"replacement_id" integer NOT NULL,
	"chain_id" integer NOT NULL,
	"state" "chain_job_state" DEFAULT 'pending' NOT NULL,
	"tx_hash" text,
	"tx_hashes" text[] DEFAULT '{}' NOT NULL,
	"raw_tx" text,
	"nonce" integer,
	"sent_at" timestamp (3) with time zone,
	"error" text,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin_audit_log" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "admin_audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"admin_user_id" integer,
	"admin" text NOT NULL,
	"action" text NOT NULL,
	"artist_id" integer,
	"submission_id" integer,
	"token_id" integer,
	"detail" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "artist_impersonations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "artist_impersonations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"session_id" text NOT NULL,
	"admin_user_id" integer NOT NULL,
	"artist_id" integer NOT NULL,
	"started_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "catalogue" ADD COLUMN "curated_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "submission_messages" ADD CONSTRAINT "submission_messages_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_messages" ADD CONSTRAINT "submission_messages_sender_user_id_users_id_fk" FOREIGN KEY ("sender_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_artist_id_artists_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."artists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_created_by_admin_id_users_id_fk" FOREIGN KEY ("created_by_admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "art_replacements" ADD CONSTRAINT "art_replacements_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "art_replacements" ADD CONSTRAINT "art_replacements_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "art_replacements" ADD CONSTRAINT "art_replacements_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replacement_jobs" ADD CONSTRAINT "replacement_jobs_replacement_id_art_replacements_id_fk" FOREIGN KEY ("replacement_id") REFERENCES "public"."art_replacements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artist_impersonations" ADD CONSTRAINT "artist_impersonations_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artist_impersonations" ADD CONSTRAINT "artist_impersonations_admin_user_id_users_id_fk" FOREIGN KEY ("admin_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artist_impersonations" ADD CONSTRAINT "artist_impersonations_artist_id_artists_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."artists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "submission_messages_submission_idx" ON "submission_messages" USING btree ("submission_id","id");--> statement-breakpoint
CREATE INDEX "submissions_artist_id_idx" ON "submissions" USING btree ("artist_id");--> statement-breakpoint
CREATE INDEX "submissions_status_idx" ON "submissions" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "art_replacements_live_token_idx" ON "art_replacements" USING btree ("token_id") WHERE finished_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "art_replacements_live_submission_idx" ON "art_replacements" USING btree ("submission_id") WHERE finished_at is null;--> statement-breakpoint
CREATE INDEX "art_replacements_finished_idx" ON "art_replacements" USING btree ("finished_at");--> statement-breakpoint
CREATE UNIQUE INDEX "replacement_jobs_chain_idx" ON "replacement_jobs" USING btree ("replacement_id","chain_id");--> statement-breakpoint
CREATE INDEX "replacement_jobs_state_idx" ON "replacement_jobs" USING btree ("state");--> statement-breakpoint
CREATE INDEX "admin_audit_log_created_idx" ON "admin_audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "artist_impersonations_live_session_idx" ON "artist_impersonations" USING btree ("session_id") WHERE ended_at is null;