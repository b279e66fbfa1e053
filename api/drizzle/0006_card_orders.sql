CREATE TYPE "public"."card_order_state" AS ENUM('created', 'paid', 'minting', 'minted', 'refunded', 'failed', 'expired');--> statement-breakpoint
ALTER TYPE "public"."release_reason" ADD VALUE 'cancelled';--> statement-breakpoint
CREATE TABLE "card_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"chain_id" integer NOT NULL,
	"token_ids" integer[] NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"payment_intent_id" text,
	"state" "card_order_state" DEFAULT 'created' NOT NULL,
	"reason" text,
	"refund_id" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"order_id" text,
	"processed_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "order_id" text;--> statement-breakpoint
ALTER TABLE "card_orders" ADD CONSTRAINT "card_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "card_orders_payment_intent_idx" ON "card_orders" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE INDEX "card_orders_user_idx" ON "card_orders" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "card_orders_state_idx" ON "card_orders" USING btree ("state");--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_order_id_card_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."card_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reservations_order_idx" ON "reservations" USING btree ("order_id");