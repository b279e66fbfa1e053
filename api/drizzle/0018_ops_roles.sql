ALTER TABLE "order_jobs" ADD COLUMN "request_id" text;--> statement-breakpoint
ALTER TABLE "replacement_jobs" ADD COLUMN "request_id" text;