CREATE TYPE "public"."release_reason" AS ENUM('minted', 'expired');--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp (3) with time zone NOT NULL,
	"hits" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "client_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "renewals" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "release_reason" "release_reason";--> statement-breakpoint
CREATE INDEX "reservations_live_client_idx" ON "reservations" USING btree ("client_key") WHERE released_at is null;--> statement-breakpoint
CREATE INDEX "reservations_expired_idx" ON "reservations" USING btree ("released_at") WHERE release_reason = 'expired';