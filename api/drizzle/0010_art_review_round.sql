ALTER TABLE "art_replacements" ADD COLUMN "checked_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "art_replacements" ADD COLUMN "abandoned_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "replacement_jobs" ADD COLUMN "old_palette" integer[];--> statement-breakpoint
ALTER TABLE "replacement_jobs" ADD COLUMN "old_pixels" text;--> statement-breakpoint
ALTER TABLE "replacement_jobs" ADD COLUMN "old_version" integer;--> statement-breakpoint
ALTER TABLE "replacement_jobs" ADD COLUMN "settled_block" bigint;--> statement-breakpoint
ALTER TABLE "replacement_jobs" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "replacement_jobs" ADD COLUMN "run_after" timestamp (3) with time zone DEFAULT now() NOT NULL;