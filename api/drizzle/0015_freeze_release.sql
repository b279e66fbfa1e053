ALTER TABLE "card_orders" ADD COLUMN "released_fraud_warning_id" text;--> statement-breakpoint
ALTER TABLE "card_orders" ADD COLUMN "released_refund_cents" integer DEFAULT 0 NOT NULL;