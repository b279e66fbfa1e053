CREATE TYPE "public"."freemint_card_type" AS ENUM('3pix', '6pix', '9pix');--> statement-breakpoint
CREATE TYPE "public"."order_job_kind" AS ENUM('mint', 'transfer', 'refund', 'cancel');--> statement-breakpoint
CREATE TYPE "public"."order_job_state" AS ENUM('queued', 'sent', 'done', 'failed');--> statement-breakpoint
CREATE TYPE "public"."message_type" AS ENUM('text', 'rejection', 'approval');--> statement-breakpoint
CREATE TYPE "public"."sender_type" AS ENUM('admin', 'artist');--> statement-breakpoint
CREATE TYPE "public"."submission_status" AS ENUM('pending', 'approved', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."chain_job_state" AS ENUM('pending', 'sent', 'confirmed', 'failed');--> statement-breakpoint
ALTER TYPE "public"."release_reason" ADD VALUE 'art_replaced';--> statement-breakpoint
CREATE TABLE "freemint_cards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "freemint_cards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"card_type" "freemint_card_type" NOT NULL,
	"total_slots" integer NOT NULL,
	"used_slots" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"expires_at" timestamp (3) with time zone,
	"created_by" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"redeemed_at" timestamp (3) with time zone,
	CONSTRAINT "freemint_cards_code_unique" UNIQUE("code"),
	CONSTRAINT "freemint_cards_slots" CHECK ("freemint_cards"."used_slots" >= 0 and "freemint_cards"."used_slots" <= "freemint_cards"."total_slots")
);
--> statement-breakpoint
CREATE TABLE "key_nonces" (
	"key" text PRIMARY KEY NOT NULL,
	"next_nonce" integer NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_jobs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" "order_job_kind" NOT NULL,
	"order_id" text,
	"token_id" integer,
	"to_address" text,
	"user_id" integer,
	"token_ids" integer[],
	"amount_cents" integer,
	"chain_id" integer NOT NULL,
	"state" "order_job_state" DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_after" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"locked_by" text,
	"locked_until" timestamp (3) with time zone,
	"nonce" integer,
	"tx_hash" text,
	"raw_tx" text,
	"result_id" text,
	"last_error" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mockup_tasks" (
	"task_key" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"variant_id" integer NOT NULL,
	"placements" text[] NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
ALTER TABLE "card_orders" ADD COLUMN "token_cents" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "card_orders" ADD COLUMN "freemint_card_id" integer;--> statement-breakpoint
ALTER TABLE "catalogue" ADD COLUMN "curated_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "freemint_cards" ADD CONSTRAINT "freemint_cards_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_jobs" ADD CONSTRAINT "order_jobs_order_id_card_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."card_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_jobs" ADD CONSTRAINT "order_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mockup_tasks" ADD CONSTRAINT "mockup_tasks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
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
CREATE UNIQUE INDEX "order_jobs_mint_order_idx" ON "order_jobs" USING btree ("order_id") WHERE kind = 'mint';--> statement-breakpoint
CREATE UNIQUE INDEX "order_jobs_cancel_order_idx" ON "order_jobs" USING btree ("order_id") WHERE kind = 'cancel';--> statement-breakpoint
CREATE UNIQUE INDEX "order_jobs_transfer_token_idx" ON "order_jobs" USING btree ("token_id") WHERE kind = 'transfer';--> statement-breakpoint
CREATE INDEX "order_jobs_order_idx" ON "order_jobs" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_jobs_due_idx" ON "order_jobs" USING btree ("run_after") WHERE state in ('queued', 'sent');--> statement-breakpoint
CREATE INDEX "mockup_tasks_user_idx" ON "mockup_tasks" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "submission_messages_submission_idx" ON "submission_messages" USING btree ("submission_id","id");--> statement-breakpoint
CREATE INDEX "submissions_artist_id_idx" ON "submissions" USING btree ("artist_id");--> statement-breakpoint
CREATE INDEX "submissions_status_idx" ON "submissions" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "art_replacements_live_token_idx" ON "art_replacements" USING btree ("token_id") WHERE finished_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "art_replacements_live_submission_idx" ON "art_replacements" USING btree ("submission_id") WHERE finished_at is null;--> statement-breakpoint
CREATE INDEX "art_replacements_finished_idx" ON "art_replacements" USING btree ("finished_at");--> statement-breakpoint
CREATE UNIQUE INDEX "replacement_jobs_chain_idx" ON "replacement_jobs" USING btree ("replacement_id","chain_id");--> statement-breakpoint
CREATE INDEX "replacement_jobs_state_idx" ON "replacement_jobs" USING btree ("state");--> statement-breakpoint
CREATE INDEX "admin_audit_log_created_idx" ON "admin_audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "artist_impersonations_live_session_idx" ON "artist_impersonations" USING btree ("session_id") WHERE ended_at is null;--> statement-breakpoint
ALTER TABLE "card_orders" ADD CONSTRAINT "card_orders_freemint_card_id_freemint_cards_id_fk" FOREIGN KEY ("freemint_card_id") REFERENCES "public"."freemint_cards"("id") ON DELETE no action ON UPDATE no action;