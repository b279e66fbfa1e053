ALTER TYPE "public"."order_job_kind" ADD VALUE 'payment_check';--> statement-breakpoint
ALTER TABLE "card_orders" ADD COLUMN "paid_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "card_orders" ADD COLUMN "payment_verified_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "card_orders" ADD COLUMN "payment_problem" text;--> statement-breakpoint
ALTER TABLE "card_orders" ADD COLUMN "frozen_reason" text;--> statement-breakpoint
ALTER TABLE "card_orders" ADD COLUMN "frozen_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "card_orders" ADD COLUMN "frozen_for_good" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "card_orders" ADD COLUMN "stripe_refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "card_orders" ADD COLUMN "refunded_in_full" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "card_orders" ADD COLUMN "dispute_id" text;--> statement-breakpoint
ALTER TABLE "card_orders" ADD COLUMN "dispute_status" text;--> statement-breakpoint
ALTER TABLE "card_orders" ADD COLUMN "dispute_reason" text;--> statement-breakpoint
ALTER TABLE "card_orders" ADD COLUMN "fraud_warning_id" text;--> statement-breakpoint
ALTER TABLE "card_orders" ADD COLUMN "fraud_type" text;--> statement-breakpoint
ALTER TABLE "card_orders" ADD COLUMN "payment_events" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "card_orders" ADD COLUMN "payment_events_checked" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "card_orders_frozen_idx" ON "card_orders" USING btree ("frozen_at") WHERE frozen_reason is not null;