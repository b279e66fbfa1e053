CREATE TYPE "public"."card_order_source" AS ENUM('card', 'freemint');--> statement-breakpoint
ALTER TABLE "card_orders" ADD COLUMN "source" "card_order_source" DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "card_orders" ADD COLUMN "refunded_token_ids" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "card_orders" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "card_orders" ADD COLUMN "mint_tx_hash" text;